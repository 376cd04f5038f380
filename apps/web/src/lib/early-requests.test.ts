import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse, stubFetch } from '../test/fetch-stub';
import { apiRequest, apiRequestWithoutContent } from './api-client';
import { storeTokens } from './auth-tokens';
import { startEarlyRequest, takeEarlyResponse } from './early-requests';

/** Any JSON at all: these tests are about when the early answer is used, not about its shape. */
const anyJson = z.json();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('a request started early by a pre-rendered page', () => {
  it("is sent the way apiRequest sends a visitor's GET", async () => {
    const fetchSpy = vi.fn(async () => jsonResponse({ id: 7 }));
    vi.stubGlobal('fetch', fetchSpy);
    startEarlyRequest('/api/service-packages/7');
    expect(fetchSpy).toHaveBeenCalledWith('/api/service-packages/7', {
      headers: { Accept: 'application/json' },
      credentials: 'include',
    });
    await takeEarlyResponse('/api/service-packages/7');
  });

  it("answers the app's first request for the same address, once", async () => {
    const requests = stubFetch(() => jsonResponse({ id: 7, title: 'Shop' }));
    startEarlyRequest('/api/service-packages/7');
    expect(await apiRequest('/api/service-packages/7', { schema: anyJson })).toEqual({
      id: 7,
      title: 'Shop',
    });
    expect(requests).toHaveLength(1);

    expect(await apiRequest('/api/service-packages/7', { schema: anyJson })).toEqual({
      id: 7,
      title: 'Shop',
    });
    expect(requests).toHaveLength(2);
  });

  it('carries an error answer through apiRequest as usual', async () => {
    stubFetch(() => jsonResponse({ detail: 'Service package not found' }, 404));
    startEarlyRequest('/api/service-packages/8');
    await expect(apiRequest('/api/service-packages/8', { schema: anyJson })).rejects.toMatchObject({
      status: 404,
      detail: 'Service package not found',
    });
  });

  it('is not used for another address, another method, or a signed-in request', async () => {
    const requests = stubFetch(({ url, method }) => jsonResponse({ url, method }));
    startEarlyRequest('/api/service-packages/9');
    await apiRequest('/api/service-packages/10', { schema: anyJson });
    await apiRequestWithoutContent('/api/service-packages/9', { method: 'DELETE' });
    storeTokens({ accessToken: 'access', refreshToken: 'refresh' });
    await apiRequest('/api/service-packages/9', { schema: anyJson });
    expect(requests.map(({ url, method }) => `${method} ${url}`)).toEqual([
      'GET /api/service-packages/9',
      'GET /api/service-packages/10',
      'DELETE /api/service-packages/9',
      'GET /api/service-packages/9',
    ]);
  });

  it('is forgotten when the app asks too late', () => {
    vi.useFakeTimers();
    stubFetch(() => jsonResponse({}));
    startEarlyRequest('/api/service-packages/11');
    vi.advanceTimersByTime(16_000);
    expect(takeEarlyResponse('/api/service-packages/11')).toBeNull();
  });
});
