import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

export type HeaderSet = Readonly<Record<string, string>>;

/**
 * The headers helmet sets for these options, found once by running it against a stand-in response.
 * Helmet's values, without helmet's per-request work (decision 0044): @fastify/helmet builds helmet
 * again for every request, which cost more than the rest of a small API request together.
 */
export function helmetHeaders(options: HelmetOptions): HeaderSet {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

/**
 * Two sets. Pages and their assets (the web app, the API documentation, avatars) get helmet's full
 * set with our Content-Security-Policy. API answers are data, never a page to render, so they get
 * what matters for data (OWASP's REST guidance): nosniff, a policy that allows nothing and no framing,
 * no cross-origin reads, and HSTS over https; the headers that only steer a document are left out.
 */
export function securityHeaders(config: Config): { document: HeaderSet; api: HeaderSet } {
  const https = config.publicUrl.startsWith('https:');
  const strictTransportSecurity = https ? { maxAge: 15_552_000, includeSubDomains: true } : false;
  const document = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React and the chart library set style attributes; no script is ever inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity,
    crossOriginEmbedderPolicy: false,
  });
  const api = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  return { document, api };
}

/** The API's own paths; its documentation pages are pages. */
export const isApiPath = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Every response gets its request id and its security headers, in one synchronous hook: the cheapest
 * place a hook can run, since every request passes it.
 */
export function registerResponseHeaders(app: FastifyInstance, config: Config): void {
  const sets = securityHeaders(config);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? sets.api : sets.document);
    reply.header('x-request-id', request.id);
    done();
  });
}
