import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { ServerEvent } from '@teamhire/shared';
import { until } from './chat-helpers';

// `ws` ships no types of its own (see chat-helpers.ts): the few members used here.
interface RawSocket {
  close(code?: number): void;
  terminate(): void;
  on(event: 'upgrade', listener: (response: IncomingMessage) => void): this;
  on(event: 'open', listener: () => void): this;
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): this;
  on(event: 'close', listener: (code: number) => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
}
type RawSocketConstructor = new (url: string, options: { headers: Record<string, string> }) => RawSocket;
const WebSocketClient = createRequire(import.meta.url)('ws') as RawSocketConstructor;

/** One connection of a reconnecting socket, with the times that matter (epoch ms). */
export interface SocketConnection {
  /** The instance that took the upgrade, from the proxy's `X-Upstream` header. */
  upstream: string | undefined;
  openedAt?: number;
  /** When its own user_joined came back: from then on the room's messages reach it. */
  joinedAt?: number;
  closedAt?: number;
  /** The HTTP status of an upgrade that was refused. */
  refusedStatus?: number;
  /** Message id → when its new_message arrived on this connection. */
  received: Map<number, number>;
}

/**
 * A chat room socket that comes back by itself when its connection drops, as the web client does,
 * keeping every connection's story: which instance took it, when it joined and closed, and which
 * messages arrived on it.
 */
export class ReconnectingRoomSocket {
  readonly connections: SocketConnection[] = [];
  private stopped = false;
  private current: RawSocket | undefined;
  private readonly settled: Promise<void>[] = [];

  /**
   * @param url the socket's URL, token included
   * @param origin the Origin header (the app's public origin)
   * @param me the participant key of its user (`user:{id}`), whose user_joined marks a join
   */
  constructor(
    private readonly url: string,
    private readonly origin: string,
    private readonly me: string,
    private readonly retryMs = 300,
  ) {
    this.connect();
  }

  private connect() {
    if (this.stopped) return;
    const connection: SocketConnection = { upstream: undefined, received: new Map() };
    this.connections.push(connection);
    const raw = new WebSocketClient(this.url, { headers: { origin: this.origin } });
    this.current = raw;
    raw.on('upgrade', (response) => {
      // Every upstream nginx tried, as "a, b": the last one took the socket.
      const tried = response.headers['x-upstream'];
      connection.upstream = (Array.isArray(tried) ? tried.join(', ') : tried)?.split(/, | : /).at(-1);
    });
    raw.on('open', () => (connection.openedAt = Date.now()));
    raw.on('message', (data, isBinary) => {
      if (isBinary) return;
      const event = JSON.parse(data.toString()) as ServerEvent;
      if (event.type === 'user_joined' && event.user_id === this.me && connection.joinedAt === undefined) {
        connection.joinedAt = Date.now();
      } else if (event.type === 'new_message' && !connection.received.has(event.message.id)) {
        connection.received.set(event.message.id, Date.now());
      }
    });
    // A refused upgrade or a dropped connection surfaces as an error; the close follows.
    raw.on('error', (error) => {
      const refused = /Unexpected server response: (\d+)/.exec(error.message);
      if (refused) connection.refusedStatus = Number(refused[1]);
    });
    this.settled.push(
      new Promise((done) =>
        raw.on('close', () => {
          connection.closedAt = Date.now();
          if (!this.stopped) setTimeout(() => this.connect(), this.retryMs);
          done();
        }),
      ),
    );
  }

  /** The connection that is open and joined now, if any. */
  get live(): SocketConnection | undefined {
    const last = this.connections.at(-1);
    return last?.joinedAt !== undefined && last.closedAt === undefined ? last : undefined;
  }

  async joined(timeoutMs = 30_000): Promise<SocketConnection> {
    await until(() => this.live !== undefined, `a socket for ${this.me} joins its room`, timeoutMs);
    return this.live!;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.current?.terminate();
    await Promise.all(this.settled);
  }
}
