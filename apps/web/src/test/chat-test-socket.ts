import type { SocketLike } from '../lib/realtime-client';

/** A WebSocket stand-in for jsdom: opens on the next microtask, records frames, lets a test push events. */
export class FakeWebSocket implements SocketLike {
  static sockets: FakeWebSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeWebSocket.sockets.push(this);
    queueMicrotask(() => {
      this.readyState = 1;
      this.onopen?.(new Event('open'));
    });
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  emit(event: unknown) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
}

export function lastSocket(): FakeWebSocket {
  const last = FakeWebSocket.sockets.at(-1);
  if (!last) throw new Error('no socket');
  return last;
}

/** The headers a stubbed fetch was called with for a path (the recorded requests keep only bodies). */
export function headersSentTo(fetchMock: unknown, path: string): Headers | undefined {
  const calls = (fetchMock as { mock: { calls: [RequestInfo | URL, RequestInit | undefined][] } }).mock.calls;
  const call = calls.find(([input]) => String(input) === path);
  return call ? new Headers(call[1]?.headers) : undefined;
}
