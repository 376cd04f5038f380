import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startObjectStore, type ObjectStore } from '../../api/test/s3-server';
import { withDatabase } from './support/database';
import { createAccount, createTeamWithPackage, PASSWORD, RUN, signedInPage } from './support/marketplace';

/**
 * Two API instances on one database and the machine's Redis, behind nginx (Debian package `nginx`),
 * each with a DATA_DIR of its own and the s3 storage driver on one S3-compatible store (s3rver):
 * the purchase-and-chat journey runs through nginx, both instances serve part of it, and a file sent
 * through the proxy is downloaded from each instance.
 */
const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const INSTANCE_PORTS = [BASE_PORT + 61, BASE_PORT + 62];
const NGINX_PORT = BASE_PORT + 63;
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const EXPIRY_YEAR = String(new Date().getUTCFullYear() + 2);
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface Started {
  process: ChildProcess;
  output: () => string;
}

function start(command: string, args: string[], env: NodeJS.ProcessEnv): Started {
  let output = '';
  const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { process: child, output: () => output };
}

async function stop(started: Started | undefined) {
  const child = started?.process;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

async function healthy(url: string) {
  await expect
    .poll(
      () =>
        fetch(`${url}/api/health`).then(
          (response) => response.status,
          () => 0,
        ),
      { timeout: 60_000 },
    )
    .toBe(200);
}

/** How many API requests an instance logged (it logs each request with its path). */
const servedRequests = (instance: Started) => (instance.output().match(/"path":"\/api\//g) ?? []).length;

test.describe('two instances behind nginx', () => {
  test.use({ baseURL: `http://127.0.0.1:${NGINX_PORT}` });
  let instances: Started[] = [];
  let nginx: Started | undefined;
  let prefix = '';
  let objectStore: ObjectStore | undefined;

  test.beforeAll(async () => {
    if (spawnSync(NGINX, ['-v']).status !== 0) {
      throw new Error(`nginx is needed at ${NGINX}: sudo apt-get install -y nginx (or set NGINX_PATH)`);
    }
    prefix = await mkdtemp(join(tmpdir(), 'teamhire-nginx-'));
    objectStore = await startObjectStore();
    instances = INSTANCE_PORTS.map((port) =>
      start(process.execPath, ['apps/api/dist/server.js'], {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: process.env.E2E_DATABASE_URL,
        REDIS_URL: 'redis://127.0.0.1:6379',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${NGINX_PORT}`,
        TRUST_PROXY: 'true',
        SEED_DEMO: 'false',
        ADDRESS_RATE_LIMIT_SCALE: '100',
        LOG_LEVEL: 'info',
        DATA_DIR: join(prefix, `instance-${port}`),
        ...objectStore!.environment,
      }),
    );
    await Promise.all(INSTANCE_PORTS.map((port) => healthy(`http://127.0.0.1:${port}`)));

    await writeFile(
      join(prefix, 'nginx.conf'),
      `
user root;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  client_max_body_size 1100m;
  upstream teamhire { ${INSTANCE_PORTS.map((port) => `server 127.0.0.1:${port};`).join(' ')} }
  server {
    listen 127.0.0.1:${NGINX_PORT};
    location /ws/ {
      proxy_pass http://teamhire;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection "upgrade";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_read_timeout 1h;
    }
    location / {
      proxy_pass http://teamhire;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_request_buffering off;
    }
  }
}
`,
    );
    nginx = start(NGINX, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-g', 'daemon off;'], process.env);
    await healthy(`http://127.0.0.1:${NGINX_PORT}`);
  });

  test.afterAll(async () => {
    await stop(nginx);
    await Promise.all(instances.map(stop));
    await objectStore?.stop();
    if (prefix) await rm(prefix, { recursive: true, force: true });
  });

  async function fillPayment(page: Page) {
    await page.getByLabel('Card Number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry Month').selectOption('12');
    await page.getByLabel('Expiry Year').selectOption(EXPIRY_YEAR);
    await page.getByLabel('CVV').fill('123');
    await page.getByLabel('Cardholder Name').fill('Nina Buyer');
    await page.getByLabel('Street Address').fill('1 Market Street');
    await page.getByLabel('City').fill('San Francisco');
    await page.getByLabel('State / Province').fill('CA');
    await page.getByLabel('Postal Code').fill('94105');
  }

  test('a buyer pays and chats with the team through nginx, served by both instances', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const buyer = await createAccount('nbuyer', 'BUYER');
    const admin = await createAccount('nadmin', 'TEAM_ADMIN');
    const shop = await createTeamWithPackage(admin.id, 30_000);
    const before = instances.map(servedRequests);

    const buyerPage = await signedInPage(browser, buyer.username);
    await buyerPage.goto(`/service-package/${shop.packageId}`);
    await expect(buyerPage.getByRole('heading', { level: 1, name: shop.title })).toBeVisible();
    await buyerPage.goto(`/payment/${shop.packageId}`);
    await fillPayment(buyerPage);
    await buyerPage.getByRole('button', { name: 'Pay $300.00' }).click();
    await expect(buyerPage.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();

    // From the confirmation into the conversation with the team.
    await buyerPage.getByRole('button', { name: 'Start Chat with Team' }).click();
    await expect(buyerPage).toHaveURL(/\/team-chat\/\d+$/);
    const roomPath = new URL(buyerPage.url()).pathname;
    const adminPage = await signedInPage(browser, admin.username);
    await adminPage.goto(roomPath);
    await expect(adminPage.getByRole('heading', { level: 1, name: shop.teamName })).toBeVisible();

    const buyerBox = buyerPage.getByRole('textbox', { name: 'Message' });
    await buyerBox.fill('Paid! When can we start?');
    await buyerBox.press('Enter');
    await expect(
      adminPage.getByRole('log', { name: 'Messages' }).getByText('Paid! When can we start?'),
    ).toBeVisible();
    const adminBox = adminPage.getByRole('textbox', { name: 'Message' });
    await adminBox.fill('Tomorrow morning.');
    await adminBox.press('Enter');
    await expect(
      buyerPage.getByRole('log', { name: 'Messages' }).getByText('Tomorrow morning.'),
    ).toBeVisible();

    // A picture sent through the proxy is stored once, in the bucket: the team sees its preview, and
    // each instance serves the file itself from its own process, with no file on its own disk.
    const fileName = `mockup-${RUN}.png`;
    await buyerPage.locator('input[type=file]').setInputFiles({
      name: fileName,
      mimeType: 'image/png',
      buffer: ONE_PIXEL_PNG,
    });
    await expect(
      adminPage.getByRole('log', { name: 'Messages' }).getByRole('img', { name: fileName }),
    ).toBeVisible({
      timeout: 20_000,
    });
    const fileId = await withDatabase(async (client) => {
      const { rows } = await client.query<{ id: string }>(
        'select id from chat_files where original_name = $1',
        [fileName],
      );
      return rows[0]!.id;
    });
    for (const port of INSTANCE_PORTS) {
      const origin = `http://127.0.0.1:${port}`;
      const signedIn = await fetch(`${origin}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: admin.username, password: PASSWORD }),
      });
      const { access_token: token } = (await signedIn.json()) as { access_token: string };
      const file = await fetch(`${origin}/api/chat-files/${fileId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(file.status, `instance on port ${port}`).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(ONE_PIXEL_PNG)).toBe(true);
      const onDisk = await readdir(join(prefix, `instance-${port}`, 'uploads')).catch(() => []);
      expect(onDisk.filter((entry) => entry !== 'avatars')).toEqual([]);
    }

    // nginx spread the journey's requests over both instances.
    const served = instances.map((instance, index) => servedRequests(instance) - before[index]!);
    expect(
      served.every((count) => count > 0),
      `requests per instance: ${served.join(', ')}`,
    ).toBe(true);
    await buyerPage.context().close();
    await adminPage.context().close();
  });
});
