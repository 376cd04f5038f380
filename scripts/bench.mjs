// `npm run bench`: measures, prints, and writes bench/results.json. Figures only; nothing here passes or
// fails a test. Each throughput figure is a ratio to a bare reference measured in the same run, with
// warm-up discarded, the two sides alternated, and the median of several rounds kept.
import { fork, spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildIfStale, REPO_ROOT } from './build-if-stale.mjs';
import { measureSearches, seedPackages } from './bench/package-search.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROUND_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The JavaScript the landing route loads before it can render: the entry chunk, the landing page's
 * lazy chunk, and every chunk they import statically (Vite's build manifest lists the graph).
 */
async function landingJavaScriptGzip() {
  const dist = join(REPO_ROOT, 'apps/web/dist');
  const manifest = JSON.parse(await readFile(join(dist, '.vite/manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const landingKey = Object.keys(manifest).find((key) => key.endsWith('features/landing/landing-page.tsx'));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  visit(landingKey);
  let bytes = 0;
  for (const file of files) bytes += gzipSync(await readFile(join(dist, file)), { level: 9 }).length;
  return { files: files.size, kilobytes: Math.round((bytes / 1024) * 10) / 10 };
}

async function admin(connectionString, text) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function withDatabase(serverUrl, database) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function waitForHealth(url, child) {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited during start (code ${child.exitCode})`);
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error('the server did not become healthy');
}

function load(url, seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function compare(label, ours, reference) {
  await load(ours, 2);
  await load(reference, 2);
  const oursRuns = [];
  const referenceRuns = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    // Alternating the order keeps a slow drift of the machine from favouring one side.
    const pair = round % 2 === 0 ? [ours, reference] : [reference, ours];
    for (const url of pair) {
      const result = await load(url, ROUND_SECONDS);
      (url === ours ? oursRuns : referenceRuns).push(result);
    }
  }
  const oursRate = median(oursRuns.map((run) => run.requests.average));
  const referenceRate = median(referenceRuns.map((run) => run.requests.average));
  return {
    name: label,
    requests_per_second: Math.round(oursRate),
    reference_requests_per_second: Math.round(referenceRate),
    ratio: Math.round((oursRate / referenceRate) * 100) / 100,
    p50_ms: median(oursRuns.map((run) => run.latency.p50)),
    p99_ms: median(oursRuns.map((run) => run.latency.p99)),
    errors: oursRuns.reduce((sum, run) => sum + run.errors + run.non2xx, 0),
  };
}

await buildIfStale();
const results = {
  measured_at: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpu_model: cpus()[0]?.model,
    memory_gb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  figures: [],
};

const landing = await landingJavaScriptGzip();
results.figures.push({
  name: 'landing route JavaScript (gzip)',
  kilobytes: landing.kilobytes,
  files: landing.files,
  target: '<= 130 KB',
});

let embedded;
let serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  const { startEmbeddedPostgres } = await import('../apps/api/dist/embedded-postgres.js').catch(() => ({}));
  if (!startEmbeddedPostgres)
    throw new Error('set DATABASE_URL, or build the API (npm run build) for the embedded database');
  const { default: pino } = await import('pino');
  embedded = await startEmbeddedPostgres(join(REPO_ROOT, 'data', 'bench'), pino({ level: 'warn' }));
  serverUrl = embedded.connectionString;
}
const database = `teamhire_bench_${process.pid}`;
await admin(serverUrl, `create database "${database}"`);
const databaseUrl = withDatabase(serverUrl, database);
const children = [];
try {
  const apiPort = 3200;
  const barePort = 3201;
  const api = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(api);
  await waitForHealth(`http://127.0.0.1:${apiPort}`, api);
  const bare = fork(join(REPO_ROOT, 'scripts/bench/bare-catalogue-server.mjs'), {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(barePort) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  children.push(bare);
  await new Promise((resolve) => bare.once('message', resolve));

  const catalogue = await compare(
    'GET /api/service-categories, full stack vs bare Fastify + pg',
    `http://127.0.0.1:${apiPort}/api/service-categories`,
    `http://127.0.0.1:${barePort}/api/service-categories`,
  );
  results.figures.push({ ...catalogue, target: 'ratio >= 0.80' });

  // After the catalogue figure, so the 100k packages do not weigh on it.
  const seeded = await seedPackages(databaseUrl);
  console.log(`Seeded the search benchmark's packages in ${seeded.seconds} s`);
  results.figures.push(
    ...(await measureSearches(`http://127.0.0.1:${apiPort}`, {
      seconds: ROUND_SECONDS,
      connections: CONNECTIONS,
    })),
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(
    children.map(
      (child) => new Promise((done) => (child.exitCode !== null ? done() : child.once('exit', done))),
    ),
  );
  await admin(serverUrl, `drop database if exists "${database}" with (force)`);
  await embedded?.stop();
}

await mkdir(join(REPO_ROOT, 'bench'), { recursive: true });
await writeFile(join(REPO_ROOT, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(
  `\nBenchmarks on ${results.machine.cpus} cores (${results.machine.cpu_model}), Node ${results.machine.node}`,
);
for (const figure of results.figures) {
  const { name, target, ...values } = figure;
  console.log(
    `- ${name}: ${Object.entries(values)
      .map(([key, value]) => `${key}=${value}`)
      .join(', ')} (target ${target})`,
  );
}
console.log('\nWritten to bench/results.json');
