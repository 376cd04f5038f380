import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import {
  mergeById,
  Outbox,
  RealtimeClient,
  reconnectDelay,
  shouldReconnect,
  TypingSignal,
} from './realtime-client';
import { FakeSocket, lastSocket } from '../test/chat-test-socket';

const latest = lastSocket;

function client(overrides: Partial<ConstructorParameters<typeof RealtimeClient>[0]> = {}) {
  return new RealtimeClient({
    path: '/ws/chat/12',
    getToken: () => 'token-1',
    createSocket: (url) => new FakeSocket(url),
    origin: { protocol: 'https:', host: 'teamhire.example' },
    ...overrides,
  });
}

beforeEach(() => {
  FakeSocket.created = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('RealtimeClient', () => {
  it("connects to the page's own origin with the access token, wss for https", () => {
    client().connect();
    expect(latest().url).toBe('wss://teamhire.example/ws/chat/12?access_token=token-1');
    client({ origin: { protocol: 'http:', host: '127.0.0.1:3100' } }).connect();
    expect(latest().url).toBe('ws://127.0.0.1:3100/ws/chat/12?access_token=token-1');
  });

  it('reconnects after 1006 with a backoff that starts at 3000 ms, and reports the reconnect', () => {
    const onReconnected = vi.fn();
    let token = 'token-1';
    client({ onReconnected, getToken: () => token }).connect();
    latest().serverOpens();
    expect(onReconnected).not.toHaveBeenCalled();
    token = 'token-2';
    latest().serverCloses(1006);
    vi.advanceTimersByTime(2999);
    expect(FakeSocket.created).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.created).toHaveLength(2);
    // The renewed token is used for the new attempt.
    expect(latest().url).toContain('access_token=token-2');
    // A second failure waits longer.
    latest().serverCloses(1006);
    vi.advanceTimersByTime(3000);
    expect(FakeSocket.created).toHaveLength(2);
    vi.advanceTimersByTime(3000);
    expect(FakeSocket.created).toHaveLength(3);
    latest().serverOpens();
    expect(onReconnected).toHaveBeenCalledTimes(1);
    // Once open again the backoff starts over.
    latest().serverCloses(1011);
    vi.advanceTimersByTime(3000);
    expect(FakeSocket.created).toHaveLength(4);
  });

  it('renews the access token before reconnecting after 4001, and uses the new one', async () => {
    let token = 'token-1';
    const renewToken = vi.fn(async () => {
      token = 'token-2';
    });
    client({ renewToken, getToken: () => token }).connect();
    latest().serverOpens();
    latest().serverCloses(4001);
    expect(renewToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(FakeSocket.created).toHaveLength(2);
    expect(latest().url).toContain('access_token=token-2');
    // Any other drop reconnects without a renewal.
    latest().serverOpens();
    latest().serverCloses(1006);
    await vi.advanceTimersByTimeAsync(3000);
    expect(renewToken).toHaveBeenCalledTimes(1);
    expect(FakeSocket.created).toHaveLength(3);
  });

  it.each([1000, 4003, 4004])('does not reconnect after close code %i', (code) => {
    const onClosedForGood = vi.fn();
    const statuses: string[] = [];
    client({ onClosedForGood, onStatusChange: (status) => statuses.push(status) }).connect();
    latest().serverOpens();
    latest().serverCloses(code);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.created).toHaveLength(1);
    expect(onClosedForGood).toHaveBeenCalledWith(code);
    expect(statuses).toEqual(['connecting', 'open', 'closed']);
  });

  it('does not reconnect after a manual disconnect, even one during the wait', () => {
    const realtime = client();
    realtime.connect();
    latest().serverOpens();
    realtime.disconnect();
    expect(latest().closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.created).toHaveLength(1);

    const other = client();
    other.connect();
    latest().serverCloses(1006);
    other.disconnect();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.created).toHaveLength(2);
  });

  it('hands typed events to their handlers, ignores junk, and sends only while open', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const onMessage = vi.fn();
    const onTyping = vi.fn();
    const realtime = client({ handlers: { new_message: onMessage, typing_status: onTyping } });
    realtime.connect();
    expect(realtime.send({ type: 'ping' })).toBe(false);
    latest().serverOpens();
    latest().onmessage?.({ data: 'not json' });
    expect(warn).toHaveBeenCalledWith('Dropped a realtime frame that is not JSON');
    warn.mockRestore();
    latest().serverSends({ type: 'typing_status', user_id: 'user:2', name: 'bo', is_typing: true });
    expect(onTyping).toHaveBeenCalledWith({
      type: 'typing_status',
      user_id: 'user:2',
      name: 'bo',
      is_typing: true,
    });
    expect(onMessage).not.toHaveBeenCalled();
    expect(realtime.send({ type: 'typing', is_typing: true })).toBe(true);
    expect(latest().sent).toEqual(['{"type":"typing","is_typing":true}']);
  });

  it('backs off up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 9].map(reconnectDelay)).toEqual([3000, 6000, 12_000, 24_000, 30_000, 30_000]);
    expect(shouldReconnect(1006)).toBe(true);
    expect(shouldReconnect(4001)).toBe(true);
  });
});

describe('TypingSignal', () => {
  it('sends true while the box is non-empty and false after 2 s idle, on empty and on stop', () => {
    const sent: boolean[] = [];
    const signal = new TypingSignal((value) => sent.push(value));
    signal.input('h');
    signal.input('he');
    expect(sent).toEqual([true]);
    vi.advanceTimersByTime(1999);
    signal.input('hel');
    vi.advanceTimersByTime(1999);
    expect(sent).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([true, false]);
    signal.input('hell');
    signal.input('   ');
    expect(sent).toEqual([true, false, true, false]);
    signal.input('x');
    signal.stop();
    signal.stop();
    expect(sent).toEqual([true, false, true, false, true, false]);
  });
});

describe('mergeById', () => {
  it('keeps each id once, in id order', () => {
    expect(mergeById([{ id: 1 }, { id: 3 }], [{ id: 3 }, { id: 2 }]).map((item) => item.id)).toEqual([
      1, 2, 3,
    ]);
  });
});

describe('Outbox', () => {
  it('retries a message until stored, with the same client id, and in order', async () => {
    const attempts: string[] = [];
    let online = false;
    const delivered: string[] = [];
    const outbox = new Outbox<string>({
      deliver: (item) => {
        attempts.push(`${item.clientMessageId}:${item.text}`);
        return online ? Promise.resolve(item.text) : Promise.reject(new Error('offline'));
      },
      isFinal: () => false,
      onDelivered: (_item, result) => delivered.push(result),
      onFailed: vi.fn(),
    });
    outbox.add('first', 'id-1');
    outbox.add('second', 'id-2');
    await vi.advanceTimersByTimeAsync(0);
    expect(attempts).toEqual(['id-1:first']);
    expect(outbox.pending).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(attempts).toEqual(['id-1:first', 'id-1:first']);
    online = true;
    outbox.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(delivered).toEqual(['first', 'second']);
    expect(attempts).toEqual(['id-1:first', 'id-1:first', 'id-1:first', 'id-2:second']);
    expect(outbox.pending).toEqual([]);
  });

  it('gives a message back when the server refuses it', async () => {
    const onFailed = vi.fn();
    const outbox = new Outbox<string>({
      deliver: () => Promise.reject(new ApiError(422, 'Too long')),
      isFinal: (error) => error instanceof ApiError && error.status < 500,
      onDelivered: vi.fn(),
      onFailed,
    });
    outbox.add('hello', 'id-1');
    await vi.advanceTimersByTimeAsync(0);
    expect(onFailed).toHaveBeenCalledWith({ clientMessageId: 'id-1', text: 'hello' }, expect.any(ApiError));
    expect(outbox.pending).toEqual([]);
  });
});
