import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The Debian package's binary; CI installs it (.ci/run), so a missing nginx is an error, never a skip. */
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** One request nginx answered, from its access log. */
export interface ProxiedRequest {
  /** When nginx finished it (epoch ms); a WebSocket's entry is written when the socket closes. */
  at: number;
  status: number;
  method: string;
  /** The path without its query string (a socket's token rides in the query and is not logged). */
  path: string;
  /** Every upstream nginx tried for it, in order (`127.0.0.1:port`); the last one answered. */
  upstreams: string[];
  upstreamStatuses: string[];
}

/** Throws, saying how to install it, when nginx is not there. */
export function requireNginx(): void {
  if (spawnSync(NGINX, ['-v']).status !== 0) {
    throw new Error(`nginx is needed at ${NGINX}: sudo apt-get install -y nginx (or set NGINX_PATH)`);
  }
}

/**
 * The proxy in front of the instances: round robin over them, the realtime sockets upgraded under
 * /ws/, uploads streamed through unbuffered. An upstream that refuses the connection or fails before
 * answering is left for the next one (`proxy_next_upstream error timeout`, nginx's default, said
 * out loud): nginx then answers 502 only when it cannot retry, a request other than GET/HEAD already
 * sent to an instance that died under it. Every answer names the upstream that gave it
 * (`X-Upstream`), and the access log keeps each request's time, status and upstreams as JSON lines.
 */
function configuration(prefix: string, options: NginxOptions): string {
  const failTimeout =
    options.failTimeoutSeconds === undefined ? '' : ` fail_timeout=${options.failTimeoutSeconds}s`;
  return `
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  log_format upstreams escape=json '{"at":$msec,"status":$status,"method":"$request_method","path":"$uri",'
    '"upstream":"$upstream_addr","upstream_status":"$upstream_status"}';
  access_log ${prefix}/access.log upstreams;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  client_max_body_size 1100m;
  upstream teamhire { ${options.upstreamPorts.map((upstream) => `server 127.0.0.1:${upstream}${failTimeout};`).join(' ')} }
  server {
    listen 127.0.0.1:${options.port};
    proxy_next_upstream error timeout;
    add_header X-Upstream $upstream_addr always;
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
`;
}

interface NginxOptions {
  port: number;
  upstreamPorts: number[];
  /**
   * How long an upstream that failed is left out before nginx tries it again (nginx's default: 10 s).
   * Shorter, requests keep reaching an instance that is down, and must move on from it.
   */
  failTimeoutSeconds?: number;
}

/** `$upstream_addr` lists the upstreams tried as "a, b" (and "a : b" across internal redirects). */
const upstreamList = (value: string) =>
  value === '' || value === '-' ? [] : value.split(/, | : /).filter((entry) => entry !== '-');

/**
 * nginx in front of instances listening on 127.0.0.1 at `upstreamPorts`, itself on 127.0.0.1:`port`,
 * in a temporary folder of its own; resolves once it answers /api/health through an instance.
 */
export async function startNginx(options: NginxOptions) {
  requireNginx();
  const prefix = await mkdtemp(join(tmpdir(), 'teamhire-nginx-'));
  await writeFile(join(prefix, 'nginx.conf'), configuration(prefix, options));
  let output = '';
  const child = spawn(
    NGINX,
    ['-p', prefix, '-e', join(prefix, 'error.log'), '-c', join(prefix, 'nginx.conf'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const origin = `http://127.0.0.1:${options.port}`;
  const errorLog = () => readFile(join(prefix, 'error.log'), 'utf8').catch(() => '');

  async function stop() {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await rm(prefix, { recursive: true, force: true });
  }

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      const log = await errorLog();
      await stop();
      throw new Error(`nginx exited during start:\n${output}\n${log}`);
    }
    const status = await fetch(`${origin}/api/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) {
      const log = await errorLog();
      await stop();
      throw new Error(`nginx did not answer /api/health with 200 (last: ${status}):\n${output}\n${log}`);
    }
    await new Promise((done) => setTimeout(done, 200));
  }

  return {
    origin,
    /** Every request answered so far, oldest first. */
    async requests(): Promise<ProxiedRequest[]> {
      const text = await readFile(join(prefix, 'access.log'), 'utf8');
      return text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => {
          const entry = JSON.parse(line) as {
            at: number;
            status: number;
            method: string;
            path: string;
            upstream: string;
            upstream_status: string;
          };
          return {
            at: Math.round(entry.at * 1000),
            status: entry.status,
            method: entry.method,
            path: entry.path,
            upstreams: upstreamList(entry.upstream),
            upstreamStatuses: upstreamList(entry.upstream_status),
          };
        });
    },
    errorLog,
    stop,
  };
}

export type Nginx = Awaited<ReturnType<typeof startNginx>>;
