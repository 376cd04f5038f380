import {
  isServerEventType,
  REALTIME_RECONNECT_MS,
  serverEventSchemas,
  TYPING_IDLE_MS,
  WS_CLOSE,
  type ClientEvent,
  type ServerEvent,
  type ServerEvents,
} from '@teamhire/shared';

/** The reconnect delay doubles from 3000 ms up to this, so a server that is down is not flooded. */
export const RECONNECT_MAX_MS = 30_000;

/**
 * A clean close (1000), not a member (4003) and no such room (4004) are final answers;
 * anything else (1006 is what a dropped network gives) is worth another try.
 */
const FINAL_CLOSE_CODES: ReadonlySet<number> = new Set([
  WS_CLOSE.normal,
  WS_CLOSE.forbidden,
  WS_CLOSE.notFound,
]);

export function shouldReconnect(code: number): boolean {
  return !FINAL_CLOSE_CODES.has(code);
}

export function reconnectDelay(attempt: number): number {
  return Math.min(REALTIME_RECONNECT_MS * 2 ** attempt, RECONNECT_MAX_MS);
}

export type RealtimeStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** The part of the browser's WebSocket this client uses, so tests can hand in a fake. */
export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

type Handlers = { [K in keyof ServerEvents]?: (event: { type: K } & ServerEvents[K]) => void };

export interface RealtimeClientOptions {
  /** The path on the page's own origin (never a fixed host), e.g. `/ws/chat/12`. */
  path: string;
  /** Read on every attempt: the token may have been renewed since the last one. */
  getToken: () => string | null;
  /** Which credential the token is: a user's access token (default) or a guest's session token. */
  tokenParam?: TokenParam;
  handlers?: Handlers;
  /** Called on every successful open after the first: refetch what was said meanwhile. */
  onReconnected?: () => void;
  onStatusChange?: (status: RealtimeStatus) => void;
  /** Called with the close code when the server gave a final answer (4003, 4004, 1000). */
  onClosedForGood?: (code: number) => void;
  /**
   * Called before reconnecting after the server ended the session's socket (4001: the access token
   * expired, or the session changed): without a fresh token the next attempt would be refused too.
   */
  renewToken?: () => Promise<void>;
  createSocket?: SocketFactory;
  origin?: { protocol: string; host: string };
}

const OPEN = 1;

export type TokenParam = 'access_token' | 'guest_token';

export function realtimeUrl(
  path: string,
  token: string | null,
  origin: { protocol: string; host: string },
  tokenParam: TokenParam = 'access_token',
) {
  const scheme = origin.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = token ? `?${tokenParam}=${encodeURIComponent(token)}` : '';
  return `${scheme}//${origin.host}${path}${query}`;
}

/** The longest part of an unknown event type a warning repeats. */
const LOGGED_TYPE_MAX = 64;

function describeType(type: unknown): string {
  if (type === undefined) return '(none)';
  if (typeof type !== 'string') return `(${type === null ? 'null' : typeof type})`;
  return type.length > LOGGED_TYPE_MAX ? `${type.slice(0, LOGGED_TYPE_MAX)}...` : type;
}

/**
 * A frame from the server as the event it encodes, parsed with the shared schema of its type like a
 * REST answer; undefined when it is none (not JSON, an unknown type, a wrong shape). A dropped frame
 * is logged by its type and the paths of the fields that failed, never with its content.
 */
function parseServerFrame(data: unknown): ServerEvent | undefined {
  if (typeof data !== 'string') {
    console.warn('Dropped a realtime frame that is not text');
    return undefined;
  }
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    console.warn('Dropped a realtime frame that is not JSON');
    return undefined;
  }
  const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
  if (!isServerEventType(type)) {
    console.warn('Dropped a realtime event of unknown type', { type: describeType(type) });
    return undefined;
  }
  const result = serverEventSchemas[type].safeParse(value);
  if (!result.success) {
    console.warn('Dropped a malformed realtime event', {
      type,
      issues: result.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.') || '(root)',
        code: issue.code,
      })),
    });
    return undefined;
  }
  return result.data;
}

/** One WebSocket to a chat room, typed by the protocol, that comes back after a dropped network. */
export class RealtimeClient {
  private socket: SocketLike | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private hasOpened = false;
  private statusValue: RealtimeStatus = 'closed';
  private readonly options: RealtimeClientOptions;

  constructor(options: RealtimeClientOptions) {
    this.options = options;
  }

  get status(): RealtimeStatus {
    return this.statusValue;
  }

  connect(): void {
    this.stopped = false;
    this.open();
  }

  /** A manual disconnect: never followed by a reconnect. */
  disconnect(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close(WS_CLOSE.normal, 'Left the chat');
    }
    this.setStatus('closed');
  }

  /** Sends when connected; returns false (and drops the frame) otherwise. */
  send(event: ClientEvent): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(event));
    return true;
  }

  private setStatus(status: RealtimeStatus) {
    if (status === this.statusValue) return;
    this.statusValue = status;
    this.options.onStatusChange?.(status);
  }

  private open() {
    const origin = this.options.origin ?? window.location;
    const url = realtimeUrl(this.options.path, this.options.getToken(), origin, this.options.tokenParam);
    const create = this.options.createSocket ?? ((target: string) => new WebSocket(target) as SocketLike);
    this.setStatus(this.hasOpened ? 'reconnecting' : 'connecting');
    const socket = create(url);
    this.socket = socket;
    socket.onopen = () => {
      const reconnected = this.hasOpened;
      this.hasOpened = true;
      this.attempt = 0;
      this.setStatus('open');
      if (reconnected) this.options.onReconnected?.();
    };
    socket.onmessage = (message) => {
      const event = parseServerFrame(message.data);
      if (!event) return;
      const handler = this.options.handlers?.[event.type] as ((event: ServerEvent) => void) | undefined;
      handler?.(event);
    };
    socket.onclose = ({ code }) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.stopped) return;
      if (!shouldReconnect(code)) {
        this.setStatus('closed');
        this.options.onClosedForGood?.(code);
        return;
      }
      this.setStatus('reconnecting');
      const delay = reconnectDelay(this.attempt);
      this.attempt += 1;
      const renewal =
        code === WS_CLOSE.unauthenticated ? this.options.renewToken?.().catch(() => undefined) : undefined;
      this.timer = setTimeout(() => {
        this.timer = null;
        if (!renewal) {
          if (!this.stopped) this.open();
          return;
        }
        void renewal.then(() => {
          if (!this.stopped && this.socket === null) this.open();
        });
      }, delay);
    };
  }
}

/**
 * 'typing' is true while the box is non-empty, and off after 2 s without a keystroke, on
 * blur, or when the message is sent. Only changes are sent.
 */
export class TypingSignal {
  private typing = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly sendTyping: (isTyping: boolean) => void;
  private readonly idleMs: number;

  constructor(sendTyping: (isTyping: boolean) => void, idleMs = TYPING_IDLE_MS) {
    this.sendTyping = sendTyping;
    this.idleMs = idleMs;
  }

  input(value: string): void {
    if (value.trim() === '') {
      this.stop();
      return;
    }
    if (!this.typing) {
      this.typing = true;
      this.sendTyping(true);
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.stop(), this.idleMs);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.typing) return;
    this.typing = false;
    this.sendTyping(false);
  }
}

/** Messages merged by id (an id seen twice is kept once), in the order they were stored. */
export function mergeById<T extends { id: number }>(existing: readonly T[], incoming: readonly T[]): T[] {
  const byId = new Map<number, T>();
  for (const item of existing) byId.set(item.id, item);
  for (const item of incoming) byId.set(item.id, item);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export interface OutboxItem {
  clientMessageId: string;
  text: string;
}

export interface OutboxOptions<T> {
  /** Stores one message; the server de-duplicates by client id, so a repeat is harmless. */
  deliver: (item: OutboxItem) => Promise<T>;
  /** True when trying again cannot help (the server refused the message itself). */
  isFinal: (error: unknown) => boolean;
  onDelivered: (item: OutboxItem, result: T) => void;
  onFailed: (item: OutboxItem, error: unknown) => void;
  onChange?: (pending: readonly OutboxItem[]) => void;
  retryMs?: (attempt: number) => number;
}

/**
 * Text messages waiting to be stored, sent in order through REST with a client id and retried until
 * the server has them: a dropped connection neither loses nor doubles a message.
 */
export class Outbox<T> {
  private readonly queue: OutboxItem[] = [];
  private sending = false;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private readonly options: OutboxOptions<T>;

  constructor(options: OutboxOptions<T>) {
    this.options = options;
  }

  get pending(): readonly OutboxItem[] {
    return [...this.queue];
  }

  add(text: string, clientMessageId: string = crypto.randomUUID()): OutboxItem {
    const item = { clientMessageId, text };
    this.queue.push(item);
    this.options.onChange?.(this.pending);
    void this.flush();
    return item;
  }

  /** Try now (after a reconnect) instead of waiting for the next retry. */
  retryNow(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    void this.flush();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async flush(): Promise<void> {
    if (this.sending || this.stopped) return;
    this.sending = true;
    try {
      while (this.queue.length > 0 && !this.stopped) {
        const item = this.queue[0];
        if (!item) break;
        try {
          const result = await this.options.deliver(item);
          this.queue.shift();
          this.attempt = 0;
          this.options.onChange?.(this.pending);
          this.options.onDelivered(item, result);
        } catch (error) {
          if (this.options.isFinal(error)) {
            this.queue.shift();
            this.options.onChange?.(this.pending);
            this.options.onFailed(item, error);
            continue;
          }
          const delay = (this.options.retryMs ?? reconnectDelay)(this.attempt);
          this.attempt += 1;
          if (!this.stopped) {
            this.timer = setTimeout(() => {
              this.timer = null;
              void this.flush();
            }, delay);
          }
          return;
        }
      }
    } finally {
      this.sending = false;
    }
  }
}
