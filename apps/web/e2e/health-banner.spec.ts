import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { HEALTH_POLL_MS } from '@teamhire/shared';
import { startTcpProxy } from '../../api/test/tcp-proxy';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');

test('the health banner stays hidden while the API is up and warns when it is not', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Backend API not available')).toBeHidden();

  // The network between the browser and the server fails.
  await page.route('**/api/health', (route) => route.abort('connectionrefused'));
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'Backend API not available' })).toBeVisible();
});

test('the banner warns while the database is down and clears when it returns, without a restart', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // A server of its own, reaching the journeys' database through a proxy this test takes down.
  const target = new URL(process.env.E2E_DATABASE_URL ?? '');
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const throughProxy = new URL(target.toString());
  throughProxy.hostname = '127.0.0.1';
  throughProxy.port = String(proxy.port);
  const port = Number(process.env.E2E_PORT ?? 3100) + 50;
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: throughProxy.toString(),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  try {
    await expect
      .poll(
        () =>
          fetch(`${origin}/api/health`).then(
            (response) => response.status,
            () => 0,
          ),
        {
          timeout: 30_000,
        },
      )
      .toBe(200);
    await page.clock.install();
    await page.goto(`${origin}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const banner = page.getByRole('alert').filter({ hasText: 'Backend API not available' });
    await expect(banner).toBeHidden();

    await proxy.stop('refuse');
    // The next poll finds the database gone.
    await page.clock.fastForward(HEALTH_POLL_MS + 1000);
    await expect(banner).toBeVisible();

    await proxy.resume();
    await page.clock.fastForward(HEALTH_POLL_MS + 1000);
    await expect(banner).toBeHidden();
    // The same server process serves database content again.
    const categories = await fetch(`${origin}/api/service-categories`);
    expect(categories.status).toBe(200);
  } finally {
    server.kill('SIGTERM');
    await new Promise((done) => (server.exitCode !== null ? done(undefined) : server.once('exit', done)));
    await proxy.close();
  }
});
