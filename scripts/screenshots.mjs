// `npm run screenshots`: PNGs of the landing page, a team page, browse and a signed-in dashboard, at
// 1440×900 and 390×844, into docs/screenshots/. It builds nothing: run `npm run build` first.
//
// The app runs on demo data. With DATABASE_URL, a fresh database is made on that server for the run
// (demo data needs an empty database) and dropped afterwards; without it, the embedded PostgreSQL
// starts in data/screenshots (its first run seeds the demo data, about a minute).
import { spawn } from 'node:child_process';
import { access, mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import pg from 'pg';
import { REPO_ROOT } from './build-if-stale.mjs';

const OUTPUT_DIR = join(REPO_ROOT, 'docs', 'screenshots');
const SIZES = [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844 }],
];
/** A demo account (README, "Demo accounts"): a verified team admin has the fullest dashboard. */
const DEMO_USER = process.env.SCREENSHOT_USER ?? 'alice';
const DEMO_PASSWORD = 'demo-pass-2026';
const FULL_PAGE = process.argv.includes('--full-page');

for (const output of ['apps/web/dist/index.html', 'apps/api/dist/server.js']) {
  await access(join(REPO_ROOT, output)).catch(() => {
    console.error(`${output} is missing: run "npm run build" first.`);
    process.exit(1);
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function onServer(serverUrl, text) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The database the app runs on: a fresh one on the DATABASE_URL server, else the embedded default. */
async function prepareDatabase() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { env: { DATA_DIR: join('data', 'screenshots') }, drop: async () => {} };
  const name = `teamhire_screenshots_${process.pid}`;
  await onServer(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString(), SEED_DEMO: 'true' },
    drop: () => onServer(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}

async function startApp(env) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (chunk) => (log += chunk));
  server.stderr.on('data', (chunk) => (log += chunk));
  // Seeding the demo data on a first run takes about a minute.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the app exited while starting:\n${log}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`the app did not start within 3 minutes:\n${log}`);
    await new Promise((done) => setTimeout(done, 500));
  }
  const stop = () =>
    new Promise((done) => {
      if (server.exitCode !== null) return done();
      server.once('exit', done);
      server.kill('SIGTERM');
    });
  return { baseUrl, stop };
}

/** The first demo team: the team with the lowest id. */
async function firstTeamId(baseUrl) {
  const response = await fetch(`${baseUrl}/api/teams?limit=100`);
  if (!response.ok) throw new Error(`GET /api/teams answered ${response.status}`);
  const body = await response.json();
  const teams = Array.isArray(body) ? body : body.items;
  if (!teams?.length) throw new Error('there is no team: is this the demo data?');
  return Math.min(...teams.map((team) => team.id));
}

async function capture(page, name, size) {
  await page.waitForLoadState('networkidle');
  // Then until the page has drawn its data: no "Loading..." status left, and every image on the first
  // screen decoded (lazy images further down load only when scrolled to).
  // (A string, evaluated in the page, where document and window exist.)
  await page.waitForFunction(
    `![...document.querySelectorAll('[role="status"]')].some((status) => /loading/i.test(status.textContent ?? '')) &&
      [...document.images]
        .filter((image) => image.getBoundingClientRect().top < window.innerHeight)
        .every((image) => image.complete)`,
    null,
    { timeout: 30_000 },
  );
  const path = join(OUTPUT_DIR, `${name}-${size}.png`);
  await page.screenshot({ path, fullPage: FULL_PAGE, animations: 'disabled' });
  console.log(`saved ${path}`);
}

async function signIn(page) {
  await page.goto('/login');
  await page.getByLabel('Email or Username', { exact: true }).fill(DEMO_USER);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/dashboard$/, { timeout: 20_000 }).catch(() => {
    throw new Error(`could not sign in as the demo user ${DEMO_USER}: is this the demo data?`);
  });
}

const database = await prepareDatabase();
let app;
let browser;
try {
  app = await startApp(database.env);
  const teamId = await firstTeamId(app.baseUrl);
  await mkdir(OUTPUT_DIR, { recursive: true });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  for (const [size, viewport] of SIZES) {
    const visitor = await browser.newContext({ viewport, baseURL: app.baseUrl });
    const page = await visitor.newPage();
    await page.goto('/');
    await capture(page, 'landing', size);
    await page.goto(`/teams/${teamId}`);
    await capture(page, 'team', size);
    await visitor.close();

    const member = await browser.newContext({ viewport, baseURL: app.baseUrl });
    const signedIn = await member.newPage();
    await signIn(signedIn);
    await capture(signedIn, 'dashboard', size);
    // Browse needs an account; its first screen shows the search and the first results.
    await signedIn.goto('/services/browse');
    await signedIn.getByRole('region', { name: 'Service packages' }).getByRole('article').first().waitFor();
    await capture(signedIn, 'browse', size);
    await member.close();
  }
} finally {
  await browser?.close();
  await app?.stop();
  await database.drop();
}
