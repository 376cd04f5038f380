import { vi } from 'vitest';

export interface RecordedRequest {
  url: string;
  method: string;
  body: unknown;
}

export type FetchHandler = (request: RecordedRequest) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Replaces the network (the one outside dependency of the web app) and records what was sent. */
export function stubFetch(handler: FetchHandler): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const request = { url, method: init?.method ?? 'GET', body };
      requests.push(request);
      return handler(request);
    }),
  );
  return requests;
}

/** A test's own answers for the requests it cares about; `undefined` falls back to the usual ones. */
export type FetchOverride = (request: RecordedRequest) => Response | undefined;

export function withOverride(override: FetchOverride, usual: FetchHandler): FetchHandler {
  return (request) => override(request) ?? usual(request);
}
