import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';
import { requestIdGenerator } from './app';

const SECRET = 'postgres://admin:hunter2@db.internal:5432/prod';

/** The directives of a Content-Security-Policy header, by name. */
function cspDirectives(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  const directives = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name, values);
  }
  return directives;
}

describe('the application shell', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestApp();
    // buildApp returns an app that is not ready yet, so a route can still be added.
    context.app.get('/api/test/explode', async () => {
      throw new Error(`could not connect to ${SECRET}`);
    });
    context.app.get('/api/test/explode-with-status', async () => {
      throw Object.assign(new Error(`upstream ${SECRET} refused`), { statusCode: 502 });
    });
  });
  afterAll(() => context.close());

  it('answers an unknown /api path with a JSON 404 {code, detail}', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await context.app.inject({ method, url: '/api/no-such-thing?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        code: 'not_found',
        detail: `Not found: ${method} /api/no-such-thing`,
      });
    }
  });

  it('without the web app, a client route is a JSON 404 too', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/teams' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', detail: 'Not found: GET /teams' });
  });

  it('gives every response its own x-request-id', async () => {
    const first = await context.app.inject({ method: 'GET', url: '/api/health' });
    const second = await context.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    expect(first.headers['x-request-id']).toMatch(uuid);
    expect(second.headers['x-request-id']).toMatch(uuid);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('request ids are unique within a process and differ between processes', () => {
    const one = requestIdGenerator();
    const other = requestIdGenerator();
    const ids = Array.from({ length: 1000 }, one);
    expect(new Set(ids).size).toBe(1000);
    expect(ids[0]!.slice(0, 24)).not.toBe(other().slice(0, 24));
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('sends an API answer the security headers of data: a policy that allows nothing, nosniff, no framing or cross-origin reads', async () => {
    for (const url of ['/api/health', '/api/no-such-thing', '/api/service-categories']) {
      const response = await context.app.inject({ method: 'GET', url });
      const directives = cspDirectives(response.headers['content-security-policy']);
      expect(Object.fromEntries(directives)).toEqual({
        'default-src': ["'none'"],
        'frame-ancestors': ["'none'"],
      });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  it('does not send HSTS for a plain-http public URL', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('describes every public path in /api/openapi.json (OpenAPI 3)', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(document.openapi).toMatch(/^3\./);
    const expected: [string, string][] = [
      ['/api/health', 'get'],
      ['/api/service-categories', 'get'],
      ['/api/service-categories/{id}', 'get'],
      ['/api/project-types', 'get'],
      ['/api/project-types/{id}', 'get'],
      ['/api/project-sub-types', 'get'],
      ['/api/project-sub-types/{id}', 'get'],
      ['/api/technologies', 'get'],
      ['/api/technologies/{id}', 'get'],
      ['/api/statistics/dashboard', 'get'],
      ['/api/contact', 'post'],
    ];
    for (const [path, method] of expected) {
      expect(document.paths[path], path).toBeDefined();
      expect(document.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    // The documentation's own routes are not part of the API description.
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/docs'))).toEqual([]);
    expect(document.paths['/api/openapi.json']).toBeUndefined();
  });

  it('serves the documentation page at /api/docs', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toMatch(/swagger/i);
  });

  it('refuses a body over BODY_LIMIT_BYTES with 413 {code, detail}, and lets one under the limit through', async () => {
    const limit = context.config.bodyLimitBytes;
    const envelope = JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: '' });
    const sized = (bytes: number) =>
      JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'x'.repeat(bytes - envelope.length) });

    const over = await context.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: sized(limit + 1),
      remoteAddress: '10.9.0.1',
    });
    expect(over.statusCode).toBe(413);
    expect(over.headers['content-type']).toMatch(/^application\/json/);
    const body = over.json<{ code: string; detail: string }>();
    expect(Object.keys(body)).toEqual(['code', 'detail']);
    expect(body.code).toBe('payload_too_large');
    expect(body.detail.length).toBeGreaterThan(0);

    const under = await context.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: sized(limit),
      remoteAddress: '10.9.0.2',
    });
    // Within the body limit, the message is then refused for its length, not for its size.
    expect(under.statusCode).toBe(422);
  });

  it('answers a failing route with 500 {code: "internal", detail: "Internal server error"} and no internals', async () => {
    for (const url of ['/api/test/explode', '/api/test/explode-with-status']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: 'internal', detail: 'Internal server error' });
      expect(response.body).not.toContain('hunter2');
      expect(response.body).not.toContain('db.internal');
      expect(JSON.stringify(response.headers)).not.toContain('hunter2');
    }
  });
});

describe('the built web app (SERVE_WEB=true)', () => {
  const indexHtml =
    '<!doctype html><html><head><title>TeamHire</title></head><body><div id="root"></div></body></html>';
  const script = `console.log(${JSON.stringify('x'.repeat(2000))});\n`;
  let distDir: string;
  let context: TestContext;

  beforeAll(async () => {
    distDir = await mkdtemp(join(tmpdir(), 'teamhire-web-'));
    await mkdir(join(distDir, 'assets'));
    await writeFile(join(distDir, 'index.html'), indexHtml);
    await writeFile(join(distDir, 'assets', 'app-abc123.js'), script);
    await writeFile(join(distDir, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
    await writeFile(join(distDir, 'assets', 'app-abc123.js.gz'), gzipSync(script));
    context = await createTestApp({ SERVE_WEB: 'true', WEB_DIST_DIR: distDir });
  });
  afterAll(async () => {
    await context?.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('answers a client route with index.html, never cached', async () => {
    for (const url of ['/teams?x=1', '/', '/service/1', '/teams/manage']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(indexHtml);
    }
  });

  it('sends a page the full security headers: a CSP without inline scripts, nosniff, no framing', async () => {
    for (const url of ['/', '/teams', '/api/docs']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      const directives = cspDirectives(response.headers['content-security-policy']);
      const scriptSource = directives.get('script-src') ?? directives.get('default-src');
      expect(scriptSource).toContain("'self'");
      expect(scriptSource).not.toContain("'unsafe-inline'");
      expect(scriptSource).not.toContain("'unsafe-eval'");
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('serves a hashed asset precompressed with brotli, cached for a year', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    const cacheControl = String(response.headers['cache-control']);
    expect(cacheControl).toContain('immutable');
    expect(cacheControl).toContain('max-age=31536000');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('serves the gzip file to a client without brotli, and the plain file to one without either', async () => {
    const gzipped = await context.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);

    const plain = await context.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(String(plain.headers['cache-control'])).toContain('immutable');
  });

  it('keeps an unknown /api path a JSON 404', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ code: 'not_found', detail: 'Not found: GET /api/unknown' });
  });

  it('answers a missing asset with 404, not with index.html', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<!doctype html>');
    expect(response.json()).toEqual({ code: 'not_found', detail: 'Not found: GET /assets/missing.js' });
  });

  it('does not answer a POST to a client route with index.html', async () => {
    const response = await context.app.inject({ method: 'POST', url: '/teams' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', detail: 'Not found: POST /teams' });
  });

  it('still serves the API', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('SERVE_WEB=true without a built web app', () => {
  let emptyDir: string;
  let context: TestContext;

  beforeAll(async () => {
    emptyDir = await mkdtemp(join(tmpdir(), 'teamhire-web-empty-'));
    context = await createTestApp({ SERVE_WEB: 'true', WEB_DIST_DIR: emptyDir });
  });
  afterAll(async () => {
    await context?.close();
    await rm(emptyDir, { recursive: true, force: true });
  });

  it('serves the API only: a client route is a JSON 404', async () => {
    expect((await context.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const response = await context.app.inject({ method: 'GET', url: '/teams' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', detail: 'Not found: GET /teams' });
  });
});
