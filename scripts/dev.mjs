// `npm run dev`: the API with reload on port 3001 and Vite with hot reload on port 3000 (proxying /api and /ws).
import { spawn } from 'node:child_process';
import { REPO_ROOT } from './build-if-stale.mjs';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@teamhire/api'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: process.env.API_PORT ?? '3001',
      HOST: '127.0.0.1',
      SERVE_WEB: 'false',
      // People use the Vite page on 3000; links in emails must lead there, not to the API.
      PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000',
    },
  }),
  spawn('npm', ['run', 'dev', '-w', '@teamhire/web'], { cwd: REPO_ROOT, stdio: 'inherit' }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGINT');
  setTimeout(() => process.exit(code), 12_000).unref();
  Promise.all(
    children.map(
      (child) => new Promise((done) => (child.exitCode !== null ? done() : child.on('exit', done))),
    ),
  ).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
for (const child of children) child.on('exit', (code) => stop(code ?? 1));
