import { ACCOUNT_TEXTS } from '@teamhire/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse, stubFetch, type RecordedRequest } from '../test/fetch-stub';
import {
  ApiError,
  apiRequest,
  apiRequestBlob,
  apiRequestWithoutContent,
  AUTHENTICATION_FAILED_MESSAGE,
  buildApiUrl,
  NETWORK_ERROR_MESSAGE,
  NO_REFRESH_TOKEN_MESSAGE,
  setSessionEndedHandler,
} from './api-client';
import {
  ACCESS_TOKEN_KEY,
  getAccessToken,
  getRefreshToken,
  REFRESH_TOKEN_KEY,
  storeTokens,
} from './auth-tokens';

/** Any JSON at all: these tests are about the transport, not about one answer's shape. */
const anyJson = z.json();

afterEach(() => {
  vi.unstubAllGlobals();
  setSessionEndedHandler(null);
});

/** Records the Authorization header of each call next to what stubFetch records. */
function stubApi(
  handler: (request: RecordedRequest, authorization: string | null) => Response | Promise<Response>,
) {
  const authorizations: (string | null)[] = [];
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const authorization = new Headers(init.headers).get('Authorization');
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
      const request = { url: input, method: init.method ?? 'GET', body };
      requests.push(request);
      authorizations.push(authorization);
      return handler(request, authorization);
    }),
  );
  return { requests, authorizations };
}

const refreshCalls = (requests: RecordedRequest[]) => requests.filter((r) => r.url === '/api/auth/refresh');

describe('apiRequest', () => {
  it('returns the parsed JSON body', async () => {
    stubFetch(() => jsonResponse([{ id: 1 }]));
    await expect(apiRequest('/api/things', { schema: anyJson })).resolves.toEqual([{ id: 1 }]);
  });

  it('sends JSON bodies and returns undefined for an empty answer', async () => {
    const requests = stubFetch(() => new Response(null, { status: 204 }));
    await expect(
      apiRequestWithoutContent('/api/things', { method: 'POST', body: { a: 1 } }),
    ).resolves.toBeUndefined();
    expect(requests).toEqual([{ url: '/api/things', method: 'POST', body: { a: 1 } }]);
  });

  it('sends a FormData body as multipart, leaving the Content-Type to the browser', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => jsonResponse({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await apiRequest('/api/upload', { schema: anyJson, method: 'POST', body: form });
    const init = fetchMock.mock.calls[0]![1];
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).has('Content-Type')).toBe(false);
  });

  it('sends extra headers beside its own', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => jsonResponse({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/orders', {
      schema: anyJson,
      method: 'POST',
      body: {},
      headers: { 'Idempotency-Key': 'key-1' },
    });
    const headers = new Headers(fetchMock.mock.calls[0]![1].headers);
    expect(headers.get('Idempotency-Key')).toBe('key-1');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('surfaces the server detail and the field errors', async () => {
    stubFetch(() =>
      jsonResponse({ detail: 'Validation failed', errors: [{ path: 'email', message: 'Bad email' }] }, 422),
    );
    const error = await apiRequest('/api/things', { schema: anyJson }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'Validation failed', detail: 'Validation failed' });
    expect((error as ApiError).fieldErrors).toEqual([{ path: 'email', message: 'Bad email' }]);
  });

  it("exposes the server's code beside its detail", async () => {
    stubFetch(() =>
      jsonResponse({ code: 'already_processed', detail: 'Verification request already processed' }, 409),
    );
    const error = await apiRequest('/api/things', { schema: anyJson }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'already_processed' });
  });

  it("takes the status's code for an answer without a known code", async () => {
    const answers = [
      jsonResponse({ detail: 'Nope' }, 409),
      jsonResponse({ code: 'some_code_from_a_newer_server', detail: 'Nope' }, 409),
      jsonResponse({ code: 42 }, 404),
      new Response('<html>Bad gateway</html>', { status: 502 }),
      new Response('<html>Too large</html>', { status: 413 }),
      new Response('', { status: 418 }),
    ];
    const codes: unknown[] = [];
    for (const answer of answers) {
      stubFetch(() => answer);
      const error = await apiRequest('/api/things', { schema: anyJson }).catch((caught: unknown) => caught);
      codes.push((error as ApiError).code);
    }
    expect(codes).toEqual([
      'conflict',
      'conflict',
      'not_found',
      'internal',
      'payload_too_large',
      'bad_request',
    ]);
  });

  it("falls back to 'HTTP {status}' without a detail", async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await apiRequest('/api/things', { schema: anyJson }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ message: 'HTTP 502', detail: null });
  });

  it('reports a network failure as the backend being unavailable', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiRequest('/api/things', { schema: anyJson })).rejects.toThrow(NETWORK_ERROR_MESSAGE);
  });

  it('uses the texts of ACCOUNT_TEXTS', () => {
    expect(NETWORK_ERROR_MESSAGE).toBe(ACCOUNT_TEXTS.backendUnavailable);
    expect(AUTHENTICATION_FAILED_MESSAGE).toBe(ACCOUNT_TEXTS.authenticationFailed);
    expect(NO_REFRESH_TOKEN_MESSAGE).toBe(ACCOUNT_TEXTS.noRefreshToken);
  });

  it('returns the answer as its schema reads it', async () => {
    stubFetch(() => jsonResponse({ value: 'x' }));
    const parser = z.object({ value: z.string() }).transform((data) => data.value);
    await expect(apiRequest('/api/thing', { schema: parser })).resolves.toBe('x');
  });
});

describe('reading answers through their schema', () => {
  it('refuses an answer of another shape with a generic ApiError', async () => {
    stubFetch(() => jsonResponse({ id: 'not a number' }));
    const error = await apiRequest('/api/thing', { schema: z.object({ id: z.number() }) }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, message: 'Unexpected response from the server' });
  });

  it('refuses an empty answer where JSON was expected', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(apiRequest('/api/thing', { schema: anyJson })).rejects.toMatchObject({
      message: 'Invalid response from the server',
    });
  });

  it('loads a lazily given schema beside the request', async () => {
    stubFetch(() => jsonResponse({ value: 'x', extra: true }));
    const schema = z.object({ value: z.string() });
    await expect(apiRequest('/api/thing', { schema: () => Promise.resolve(schema) })).resolves.toEqual({
      value: 'x',
    });
  });

  it('reports a schema that could not be downloaded as a network failure', async () => {
    stubFetch(() => jsonResponse({ value: 'x' }));
    const schema = () =>
      Promise.reject<typeof anyJson>(new TypeError('Failed to fetch dynamically imported module'));
    await expect(apiRequest('/api/thing', { schema })).rejects.toThrow(NETWORK_ERROR_MESSAGE);
  });

  it('does not read the body of an answer without content', async () => {
    stubFetch(() => new Response('ignored', { status: 200 }));
    await expect(apiRequestWithoutContent('/api/thing', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('returns a file as a Blob and a refusal as an ApiError', async () => {
    stubFetch(({ url }) =>
      url === '/files/a.png'
        ? new Response('png', { status: 200, headers: { 'Content-Type': 'image/png' } })
        : jsonResponse({ detail: 'Not a member of this chat room' }, 403),
    );
    const blob = await apiRequestBlob('/files/a.png');
    expect(await blob.text()).toBe('png');
    await expect(apiRequestBlob('/files/b.png')).rejects.toMatchObject({
      status: 403,
      detail: 'Not a member of this chat room',
    });
  });
});

describe('the session', () => {
  it('sends the stored access token as a Bearer header', async () => {
    storeTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    const { authorizations } = stubApi(() => jsonResponse({ ok: true }));
    await apiRequest('/api/navigation', { schema: anyJson });
    expect(authorizations).toEqual(['Bearer access-1']);
  });

  it('sends no Authorization header for a visitor', async () => {
    const { authorizations } = stubApi(() => jsonResponse({ ok: true }));
    await apiRequest('/api/service-categories', { schema: anyJson });
    expect(authorizations).toEqual([null]);
  });

  it('refreshes once for concurrent 401s, stores the rotated pair and retries each request once', async () => {
    storeTokens({ accessToken: 'expired', refreshToken: 'refresh-1' });
    let releaseRefresh: () => void = () => undefined;
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
    const { requests, authorizations } = stubApi(async (request, authorization) => {
      if (request.url === '/api/auth/refresh') {
        await refreshGate;
        return jsonResponse({
          access_token: 'access-2',
          refresh_token: 'refresh-2',
          token_type: 'bearer',
          expires_in: 900,
        });
      }
      return authorization === 'Bearer access-2'
        ? jsonResponse({ url: request.url })
        : jsonResponse({ detail: 'Not authenticated' }, 401);
    });

    const paths = Array.from({ length: 10 }, (_, index) => `/api/things/${index}`);
    const pending = Promise.all(
      paths.map((path) => apiRequest(path, { schema: z.object({ url: z.string() }) })),
    );
    await vi.waitFor(() => expect(refreshCalls(requests)).toHaveLength(1));
    releaseRefresh();
    const results = await pending;

    expect(results.map((result) => result.url)).toEqual(paths);
    expect(refreshCalls(requests)).toHaveLength(1);
    expect(refreshCalls(requests)[0]!.body).toEqual({ refresh_token: 'refresh-1' });
    for (const path of paths) {
      expect(requests.filter((request) => request.url === path)).toHaveLength(2);
    }
    expect(authorizations.filter((value) => value === 'Bearer access-2')).toHaveLength(10);
    expect(getAccessToken()).toBe('access-2');
    expect(getRefreshToken()).toBe('refresh-2');
  });

  it('retries without a second refresh when the token changed while the request was out', async () => {
    storeTokens({ accessToken: 'expired', refreshToken: 'refresh-1' });
    const { requests } = stubApi((request, authorization) => {
      if (authorization === 'Bearer expired') {
        // Another request (or tab) renewed the session meanwhile.
        storeTokens({ accessToken: 'access-2', refreshToken: 'refresh-2' });
        return jsonResponse({ detail: 'Not authenticated' }, 401);
      }
      return jsonResponse({ ok: true });
    });
    await expect(apiRequest('/api/navigation', { schema: anyJson })).resolves.toEqual({ ok: true });
    expect(refreshCalls(requests)).toHaveLength(0);
  });

  it('answers with the second 401 instead of looping', async () => {
    storeTokens({ accessToken: 'expired', refreshToken: 'refresh-1' });
    const { requests } = stubApi((request) =>
      request.url === '/api/auth/refresh'
        ? jsonResponse({ access_token: 'a2', refresh_token: 'r2', token_type: 'bearer', expires_in: 900 })
        : jsonResponse({ detail: 'Still no' }, 401),
    );
    await expect(apiRequest('/api/navigation', { schema: anyJson })).rejects.toThrow('Still no');
    expect(requests.map((request) => request.url)).toEqual([
      '/api/navigation',
      '/api/auth/refresh',
      '/api/navigation',
    ]);
  });

  it('refreshes for the signed-in /api/auth/me too', async () => {
    storeTokens({ accessToken: 'expired', refreshToken: 'refresh-1' });
    stubApi((request, authorization) => {
      if (request.url === '/api/auth/refresh') {
        return jsonResponse({
          access_token: 'a2',
          refresh_token: 'r2',
          token_type: 'bearer',
          expires_in: 900,
        });
      }
      return authorization === 'Bearer a2' ? jsonResponse({ username: 'ada' }) : jsonResponse({}, 401);
    });
    await expect(apiRequest('/api/auth/me', { schema: anyJson })).resolves.toEqual({ username: 'ada' });
  });

  it('never refreshes for a 401 of a credential exchange such as login', async () => {
    storeTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    const { requests } = stubApi(() => jsonResponse({ detail: ACCOUNT_TEXTS.invalidCredentials }, 401));
    await expect(
      apiRequest('/api/auth/login', {
        schema: anyJson,
        method: 'POST',
        body: { username: 'a', password: 'b' },
      }),
    ).rejects.toThrow(ACCOUNT_TEXTS.invalidCredentials);
    expect(refreshCalls(requests)).toHaveLength(0);
    expect(getRefreshToken()).toBe('refresh-1');
  });

  it('passes a visitor’s 401 through without refreshing', async () => {
    const { requests } = stubApi(() => jsonResponse({ detail: 'Not authenticated' }, 401));
    await expect(apiRequest('/api/orders', { schema: anyJson })).rejects.toThrow('Not authenticated');
    expect(requests).toHaveLength(1);
  });

  it("ends the session with 'Authentication failed' when the refresh is refused", async () => {
    storeTokens({ accessToken: 'expired', refreshToken: 'revoked' });
    const onSessionEnded = vi.fn();
    setSessionEndedHandler(onSessionEnded);
    const { requests } = stubApi((request) =>
      request.url === '/api/auth/refresh'
        ? jsonResponse({ detail: 'Invalid refresh token' }, 401)
        : jsonResponse({ detail: 'Not authenticated' }, 401),
    );

    const results = await Promise.allSettled([
      apiRequest('/api/a', { schema: anyJson }),
      apiRequest('/api/b', { schema: anyJson }),
    ]);
    for (const result of results) {
      expect(result).toMatchObject({
        status: 'rejected',
        reason: { status: 401, message: 'Authentication failed', code: 'unauthorized' },
      });
    }
    expect(refreshCalls(requests)).toHaveLength(1);
    // Neither request is retried after a failed refresh.
    expect(requests.filter((request) => request.url !== '/api/auth/refresh')).toHaveLength(2);
    expect(window.localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it("ends the session with 'No refresh token available' when there is none", async () => {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, 'expired');
    const onSessionEnded = vi.fn();
    setSessionEndedHandler(onSessionEnded);
    const { requests } = stubApi(() => jsonResponse({ detail: 'Not authenticated' }, 401));
    await expect(apiRequest('/api/navigation', { schema: anyJson })).rejects.toThrow(
      'No refresh token available',
    );
    expect(refreshCalls(requests)).toHaveLength(0);
    expect(getAccessToken()).toBeNull();
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    storeTokens({ accessToken: 'expired', refreshToken: 'refresh-1' });
    const onSessionEnded = vi.fn();
    setSessionEndedHandler(onSessionEnded);
    stubApi((request) =>
      request.url === '/api/auth/refresh'
        ? Promise.reject(new TypeError('Failed to fetch'))
        : jsonResponse({ detail: 'Not authenticated' }, 401),
    );
    await expect(apiRequest('/api/navigation', { schema: anyJson })).rejects.toThrow(NETWORK_ERROR_MESSAGE);
    expect(getRefreshToken()).toBe('refresh-1');
    expect(onSessionEnded).not.toHaveBeenCalled();
  });
});

describe('buildApiUrl', () => {
  it('drops empty values and encodes the rest', () => {
    expect(
      buildApiUrl('/api/x', { skip: 0, limit: 100, include_inactive: false, q: 'a b', none: undefined }),
    ).toBe('/api/x?skip=0&limit=100&include_inactive=false&q=a+b');
    expect(buildApiUrl('/api/x', {})).toBe('/api/x');
  });
});
