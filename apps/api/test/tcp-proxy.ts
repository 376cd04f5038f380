import { createConnection, createServer, type Server, type Socket } from 'node:net';

export type ProxyOutage =
  /** The service is gone: every connection is cut and new ones are refused. */
  | 'refuse'
  /** The service hangs: connections are cut, new ones are accepted and never answered. */
  | 'hang';

/**
 * A TCP proxy in front of a service (PostgreSQL, Redis) that a fault test can take down and bring
 * back on the same address, as a database that stops and restarts would, without touching the
 * service itself (which other test files share).
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const connections = new Set<Socket>();
  let mode: 'forward' | ProxyOutage = 'forward';
  let server: Server | undefined;
  let port = 0;

  const onConnection = (client: Socket) => {
    connections.add(client);
    client.on('close', () => connections.delete(client));
    client.on('error', () => client.destroy());
    if (mode === 'hang') return;
    const upstream = createConnection(target);
    connections.add(upstream);
    upstream.on('close', () => {
      connections.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  };

  async function listen() {
    server = createServer(onConnection);
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => {
        const address = server!.address();
        if (address && typeof address === 'object') port = address.port;
        resolve();
      });
    });
  }

  async function closeServer() {
    const closing = server;
    server = undefined;
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  }

  function cutAll() {
    for (const socket of connections) socket.destroy();
    connections.clear();
  }

  await listen();
  return {
    get port() {
      return port;
    },
    async stop(outage: ProxyOutage) {
      mode = outage;
      cutAll();
      if (outage === 'refuse') await closeServer();
    },
    async resume() {
      cutAll();
      mode = 'forward';
      if (!server) await listen();
    },
    async close() {
      cutAll();
      await closeServer();
    },
  };
}
export type TcpProxy = Awaited<ReturnType<typeof startTcpProxy>>;
