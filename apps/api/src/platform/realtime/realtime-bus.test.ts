import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '@teamhire/shared';
import { createInProcessBus, createRedisBus, type RealtimeBus } from './realtime-bus';

/** CI starts Redis on this address; the Redis tests fail (never skip) when it is not there. */
const REDIS_URL = 'redis://127.0.0.1:6379';
/** How long to wait for an event that must not arrive before calling it absent. */
const QUIET_MS = 150;

let channelCounter = 0;
/** A channel no other test (or test run on the same Redis) uses. */
const uniqueChannel = (name: string) =>
  `test:${process.pid}:${randomBytes(3).toString('hex')}:${(channelCounter += 1)}:${name}`;

const event = (chatRoomId: number): ServerEvent => ({ type: 'inbox_changed', chat_room_id: chatRoomId });

function collect(bus: RealtimeBus, channel: string) {
  const events: ServerEvent[] = [];
  const unsubscribe = bus.subscribe(channel, (received) => events.push(received));
  return { events, unsubscribe };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting until ${what}`);
    await sleep(10);
  }
}

describe('in-process bus', () => {
  it('delivers to the subscribers of a channel only', async () => {
    const bus = createInProcessBus();
    try {
      const first = collect(bus, 'room:1');
      const second = collect(bus, 'room:1');
      const other = collect(bus, 'room:2');
      await bus.publish('room:1', event(1));
      expect(first.events).toEqual([event(1)]);
      expect(second.events).toEqual([event(1)]);
      expect(other.events).toEqual([]);
      await bus.publish('room:3', event(3));
      expect(first.events).toHaveLength(1);
      expect(other.events).toEqual([]);
    } finally {
      await bus.close();
    }
  });

  it('stops delivering after unsubscribe, to that listener only', async () => {
    const bus = createInProcessBus();
    try {
      const leaving = collect(bus, 'room:1');
      const staying = collect(bus, 'room:1');
      leaving.unsubscribe();
      leaving.unsubscribe();
      await bus.publish('room:1', event(1));
      expect(leaving.events).toEqual([]);
      expect(staying.events).toEqual([event(1)]);
    } finally {
      await bus.close();
    }
  });

  it('delivers nothing after close', async () => {
    const bus = createInProcessBus();
    const listener = collect(bus, 'room:1');
    await bus.close();
    const late = collect(bus, 'room:1');
    await bus.publish('room:1', event(1));
    expect(listener.events).toEqual([]);
    expect(late.events).toEqual([]);
  });
});

describe('Redis bus', () => {
  let probe: Redis;
  const buses: RealtimeBus[] = [];
  const logger = pino({ level: 'silent' });

  beforeAll(async () => {
    probe = new Redis(REDIS_URL, {
      lazyConnect: true,
      connectTimeout: 2000,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      expect(await probe.ping()).toBe('PONG');
    } catch (error) {
      probe.disconnect();
      throw new Error(
        `Redis is not reachable at ${REDIS_URL} (${error instanceof Error ? error.message : String(error)}). ` +
          'These tests need a running Redis (CI starts one; locally: redis-server --port 6379) and fail rather than skip without it.',
      );
    }
  });
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
  });
  afterAll(() => {
    probe.disconnect();
  });

  /** How many Redis connections subscribe to the channel, across every instance. */
  async function subscriberCount(channel: string): Promise<number> {
    const [, count] = await probe.pubsub('NUMSUB', channel);
    return Number(count);
  }

  /** A bus as one server instance holds it; closed after each test. */
  function instance(): RealtimeBus {
    const bus = createRedisBus(REDIS_URL, logger);
    buses.push(bus);
    return bus;
  }

  it('is ready for events from other instances once whenSubscribed resolves, with no wait beyond it', async () => {
    const a = instance();
    const b = instance();
    const channel = uniqueChannel('room');
    const onB = collect(b, channel);
    await b.whenSubscribed(channel);
    expect(await subscriberCount(channel)).toBe(1);
    await a.publish(channel, event(1));
    await until(() => onB.events.length === 1, 'B has the event published on A');
  });

  it('carries an event published on one instance to the listeners of every instance, once each', async () => {
    const a = instance();
    const b = instance();
    const channel = uniqueChannel('room');
    const onA = collect(a, channel);
    const onB = collect(b, channel);
    const secondOnB = collect(b, channel);
    const elsewhere = collect(b, uniqueChannel('other-room'));
    // One Redis subscription per instance, however many local listeners it has.
    await until(async () => (await subscriberCount(channel)) === 2, 'both instances subscribe');

    const everyListenerHas = (count: number) =>
      [onA, onB, secondOnB].every((listener) => listener.events.length === count);
    await a.publish(channel, event(1));
    await until(() => everyListenerHas(1), 'every listener has the event published on A');
    await b.publish(channel, event(2));
    await until(() => everyListenerHas(2), 'every listener has the event published on B');
    await sleep(QUIET_MS);
    expect(onA.events).toEqual([event(1), event(2)]);
    expect(onB.events).toEqual([event(1), event(2)]);
    expect(secondOnB.events).toEqual([event(1), event(2)]);
    expect(elsewhere.events).toEqual([]);
  });

  it('reaches the other instances with an event published as soon as the bus exists', async () => {
    const b = instance();
    const channel = uniqueChannel('room');
    const onB = collect(b, channel);
    await until(async () => (await subscriberCount(channel)) === 1, 'the listening instance subscribes');
    // The publishing instance is brand new: its connection to Redis is still being made.
    const a = instance();
    await a.publish(channel, event(1));
    await until(() => onB.events.length === 1, 'the event reaches the other instance');
    expect(onB.events).toEqual([event(1)]);
  });

  it("gives an instance's own listeners its events at once, exactly once", async () => {
    const a = instance();
    const channel = uniqueChannel('room');
    const onA = collect(a, channel);
    // Published before the subscription can have reached Redis: delivered all the same.
    await a.publish(channel, event(1));
    expect(onA.events).toEqual([event(1)]);
    await until(async () => (await subscriberCount(channel)) === 1, 'the instance subscribes');
    await a.publish(channel, event(2));
    expect(onA.events).toEqual([event(1), event(2)]);
    // The copy coming back through Redis is not delivered a second time.
    await sleep(QUIET_MS);
    expect(onA.events).toEqual([event(1), event(2)]);
  });

  it('keeps delivering when a listener throws or an unreadable message arrives', async () => {
    const a = instance();
    const b = instance();
    const channel = uniqueChannel('room');
    b.subscribe(channel, () => {
      throw new Error('a broken socket');
    });
    const onB = collect(b, channel);
    a.subscribe(channel, () => {
      throw new Error('a broken socket');
    });
    const onA = collect(a, channel);
    await until(async () => (await subscriberCount(channel)) === 2, 'both instances subscribe');
    await probe.publish(channel, 'not json');
    await expect(a.publish(channel, event(1))).resolves.toBeUndefined();
    await until(() => onB.events.length === 1, 'the other listener of the other instance gets the event');
    expect(onA.events).toEqual([event(1)]);
    expect(onB.events).toEqual([event(1)]);
  });

  it('unsubscribes from Redis when the last listener of a channel leaves', async () => {
    const a = instance();
    const b = instance();
    const channel = uniqueChannel('room');
    const first = collect(b, channel);
    const second = collect(b, channel);
    await until(async () => (await subscriberCount(channel)) === 1, 'the instance subscribes once');

    first.unsubscribe();
    await a.publish(channel, event(1));
    await until(() => second.events.length === 1, 'the remaining listener gets the event');
    expect(await subscriberCount(channel)).toBe(1);

    second.unsubscribe();
    await until(async () => (await subscriberCount(channel)) === 0, 'the instance leaves the Redis channel');
    await a.publish(channel, event(2));
    await sleep(QUIET_MS);
    expect(first.events).toEqual([]);
    expect(second.events).toEqual([event(1)]);

    // Coming back right after leaving subscribes again.
    const returning = collect(b, channel);
    await until(async () => (await subscriberCount(channel)) === 1, 'the instance subscribes again');
    await a.publish(channel, event(3));
    await until(() => returning.events.length === 1, 'the returning listener gets the event');
    expect(returning.events).toEqual([event(3)]);
  });

  it('delivers nothing after close, and publishing on a closed bus does not fail', async () => {
    const a = instance();
    const b = instance();
    const channel = uniqueChannel('room');
    const onA = collect(a, channel);
    const onB = collect(b, channel);
    await until(async () => (await subscriberCount(channel)) === 2, 'both instances subscribe');

    await b.close();
    await until(
      async () => (await subscriberCount(channel)) === 1,
      "the closed instance's subscription ends",
    );
    await a.publish(channel, event(1));
    await until(() => onA.events.length === 1, 'the open instance still gets its events');
    await expect(b.publish(channel, event(2))).resolves.toBeUndefined();
    await sleep(QUIET_MS);
    expect(onB.events).toEqual([]);
    expect(onA.events).toEqual([event(1)]);

    await a.close();
    const late = collect(a, channel);
    await a.publish(channel, event(3));
    await sleep(QUIET_MS);
    expect(onA.events).toEqual([event(1)]);
    expect(late.events).toEqual([]);
    late.unsubscribe();
    expect(await subscriberCount(channel)).toBe(0);
  });
});
