import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../test/fetch-stub';
import { ApiError, apiRequest, buildApiUrl, NETWORK_ERROR_MESSAGE, setApiAuthentication } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
  setApiAuthentication(null);
});

describe('apiRequest', () => {
  it('returns the parsed JSON body', async () => {
    stubFetch(() => jsonResponse([{ id: 1 }]));
    await expect(apiRequest('/api/things')).resolves.toEqual([{ id: 1 }]);
  });

  it('sends JSON bodies and returns undefined for an empty answer', async () => {
    const requests = stubFetch(() => new Response(null, { status: 204 }));
    await expect(apiRequest('/api/things', { method: 'POST', body: { a: 1 } })).resolves.toBeUndefined();
    expect(requests).toEqual([{ url: '/api/things', method: 'POST', body: { a: 1 } }]);
  });

  it('surfaces the server detail and the field errors', async () => {
    stubFetch(() =>
      jsonResponse({ detail: 'Validation failed', errors: [{ path: 'email', message: 'Bad email' }] }, 422),
    );
    const error = await apiRequest('/api/things').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'Validation failed' });
    expect((error as ApiError).fieldErrors).toEqual([{ path: 'email', message: 'Bad email' }]);
  });

  it("falls back to 'HTTP {status}' without a detail", async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiRequest('/api/things')).rejects.toThrow('HTTP 502');
  });

  it('reports a network failure as the backend being unavailable', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiRequest('/api/things')).rejects.toThrow(NETWORK_ERROR_MESSAGE);
    expect(NETWORK_ERROR_MESSAGE).toBe('Backend server not available...');
  });

  it('sends the bearer token and retries once after a successful refresh', async () => {
    let token = 'old';
    const seen: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const authorization = new Headers(init.headers).get('Authorization');
        seen.push(authorization);
        return authorization === 'Bearer new'
          ? jsonResponse({ ok: true })
          : jsonResponse({ detail: 'Expired' }, 401);
      }),
    );
    const refreshAccessToken = vi.fn(async () => {
      token = 'new';
      return true;
    });
    setApiAuthentication({ getAccessToken: () => token, refreshAccessToken });

    await expect(apiRequest('/api/me')).resolves.toEqual({ ok: true });
    expect(seen).toEqual(['Bearer old', 'Bearer new']);
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
  });

  it('does not retry when the refresh fails', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ detail: 'Not authenticated' }, 401));
    vi.stubGlobal('fetch', fetchMock);
    setApiAuthentication({ getAccessToken: () => 'token', refreshAccessToken: async () => false });
    await expect(apiRequest('/api/me')).rejects.toThrow('Not authenticated');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('runs the optional response parser', async () => {
    stubFetch(() => jsonResponse({ value: 'x' }));
    const parser = {
      parse(data: unknown): string {
        if (typeof data === 'object' && data !== null && 'value' in data && typeof data.value === 'string') {
          return data.value;
        }
        throw new Error('bad');
      },
    };
    await expect(apiRequest('/api/thing', { schema: parser })).resolves.toBe('x');
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
