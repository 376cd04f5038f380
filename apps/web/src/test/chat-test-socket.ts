import type { SocketLike } from '../lib/realtime-client';

/**
 * A socket the test drives: it records the frames the client sends and opens, closes or
 * delivers an event only when the test says so.
 */
export class FakeSocket implements SocketLike {
  static created: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;
  readonly url: string;

  constructor(url: string) {
    this.url = url;
    FakeSocket.created.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  /** The frames sent so far, as the events they encode. */
  sentEvents(): unknown[] {
    return this.sent.map((frame) => JSON.parse(frame) as unknown);
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  serverCloses(code: number) {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }
  serverSends(event: unknown) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
}

/**
 * The global WebSocket stand-in for page tests in jsdom: it opens on the next microtask, as a
 * reachable server would, so a page under test is connected without the test opening it.
 */
export class FakeWebSocket extends FakeSocket {
  constructor(url: string) {
    super(url);
    queueMicrotask(() => this.serverOpens());
  }
}

export function lastSocket(): FakeSocket {
  const last = FakeSocket.created.at(-1);
  if (!last) throw new Error('no socket');
  return last;
}

/** The headers a stubbed fetch was called with for a path (the recorded requests keep only bodies). */
export function headersSentTo(fetchMock: unknown, path: string): Headers | undefined {
  const calls = (fetchMock as { mock: { calls: [RequestInfo | URL, RequestInit | undefined][] } }).mock.calls;
  const call = calls.find(([input]) => String(input) === path);
  return call ? new Headers(call[1]?.headers) : undefined;
}
