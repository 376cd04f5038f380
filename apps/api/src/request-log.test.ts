import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';

/** At `info`, as in production: one flat line per finished request, errors still with their request id. */
describe('request logging at info', () => {
  let context: TestContext;
  const lines: Record<string, unknown>[] = [];
  const linesOf = (requestId: unknown) => lines.filter((line) => line.reqId === requestId);
  /** The request line is written when the answer has finished, which may come just after inject returns. */
  const loggedLines = async (requestId: unknown, count: number) => {
    await vi.waitFor(() => expect(linesOf(requestId)).toHaveLength(count));
    return linesOf(requestId);
  };

  beforeAll(async () => {
    context = await createTestApp(
      { LOG_LEVEL: 'info' },
      {
        logStream: {
          write(line: string) {
            lines.push(JSON.parse(line) as Record<string, unknown>);
          },
        },
      },
    );
    context.app.get('/api/test/explode', async () => {
      throw Object.assign(new Error('could not connect'), { password: 'hunter2' });
    });
  });
  afterAll(() => context.close());

  it('writes one line when a request is answered: its id, method, path without the query, status and time', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/service-categories?skip=0&limit=50',
    });
    expect(response.statusCode).toBe(200);
    const written = await loggedLines(response.headers['x-request-id'], 1);
    expect(written).toEqual([
      {
        level: 30,
        time: expect.any(Number),
        pid: process.pid,
        hostname: expect.any(String),
        reqId: response.headers['x-request-id'],
        method: 'GET',
        path: '/api/service-categories',
        status: 200,
        responseTime: expect.any(Number),
        msg: 'request completed',
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain('incoming request');

    // A query string may carry a token (a verification link, a guest session): it is never written.
    const unknown = await context.app.inject({ method: 'GET', url: '/api/no-such-thing?token=secret-token' });
    expect(await loggedLines(unknown.headers['x-request-id'], 1)).toMatchObject([
      { method: 'GET', path: '/api/no-such-thing', status: 404, msg: 'request completed' },
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret-token');
  });

  it('logs a refused sign-in with its status and without the body', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'nobody-here', password: 'a-secret-password-1' },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(await loggedLines(response.headers['x-request-id'], 1)).toMatchObject([
      { method: 'POST', path: '/api/auth/login', status: response.statusCode, msg: 'request completed' },
    ]);
    expect(JSON.stringify(lines)).not.toContain('a-secret-password-1');
  });

  it('keeps a failure as an error line with the request id, redacted, beside its one request line', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(await loggedLines(response.headers['x-request-id'], 2)).toMatchObject([
      { level: 50, msg: 'request failed', err: { message: 'could not connect', password: '[redacted]' } },
      { level: 30, path: '/api/test/explode', status: 500, msg: 'request completed' },
    ]);
    expect(JSON.stringify(lines)).not.toContain('hunter2');
  });

  it('leaves out the requests of a route logged at warn (the health check)', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    // A request after it is logged, so the health check's line would have been written by then.
    const after = await context.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    await loggedLines(after.headers['x-request-id'], 1);
    expect(linesOf(response.headers['x-request-id'])).toEqual([]);
  });
});
