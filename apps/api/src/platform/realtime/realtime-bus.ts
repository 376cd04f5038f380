import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerEvent } from '@teamhire/shared';

const SUBSCRIBE_WAIT_MS = 2000;

export type Listener = (event: ServerEvent) => void;

/**
 * Fans realtime events out to every socket that listens to a channel (`room:{id}`, `user:{id}`,
 * `guest:{id}`), wherever it is connected: with several instances, a
 * listener may sit on another one than the sender.
 */
export interface RealtimeBus {
  publish(channel: string, event: ServerEvent): Promise<void>;
  subscribe(channel: string, listener: Listener): () => void;
  /**
   * Resolves once events published on other instances reach this instance's listeners of the
   * channel (at once in-process; when Redis confirms the subscription, waiting at most 2 s).
   */
  whenSubscribed(channel: string): Promise<void>;
  close(): Promise<void>;
}

function localEmitter() {
  const emitter = new EventEmitter();
  // Thousands of sockets may listen to one room; that is expected, not a leak.
  emitter.setMaxListeners(0);
  return emitter;
}

export function createInProcessBus(): RealtimeBus {
  const emitter = localEmitter();
  let closed = false;
  return {
    async publish(channel, event) {
      if (!closed) emitter.emit(channel, event);
    },
    subscribe(channel, listener) {
      if (closed) return () => undefined;
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    async whenSubscribed() {},
    async close() {
      closed = true;
      emitter.removeAllListeners();
    },
  };
}

/** At start-up, how long a publish waits for the first Redis connection before staying local. */
const FIRST_CONNECTION_WAIT_MS = 2000;

/** What travels through Redis: the event and the instance that published it. */
interface Envelope {
  origin: string;
  event: ServerEvent;
}

/**
 * Redis publish/subscribe between instances. Each instance subscribes to a channel while one of
 * its sockets listens to it. An instance's own listeners get its events at once, without the round
 * trip (so they never depend on the timing of a Redis subscription), and ignore the copy that comes
 * back through Redis. When Redis is unreachable, events still reach this instance's own sockets,
 * and cross-instance delivery resumes by itself when Redis returns.
 */
export function createRedisBus(url: string, logger: FastifyBaseLogger): RealtimeBus {
  const subscriptions = new Map<string, Promise<void>>();
  const emitter = localEmitter();
  const origin = randomUUID();
  let closed = false;
  const options = { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, { ...options, enableOfflineQueue: true, maxRetriesPerRequest: null });
  let reported = false;
  const onError = (error: Error) => {
    if (!reported)
      logger.warn({ err: error }, 'Redis unavailable; realtime stays on this instance until it returns');
    reported = true;
  };
  publisher.on('error', onError);
  subscriber.on('error', onError);
  subscriber.on('ready', () => {
    if (reported) logger.info('Redis is back; realtime spans every instance again');
    reported = false;
  });
  /** One failing listener neither stops the others nor fails the publisher. */
  const deliver = (channel: string, event: ServerEvent) => {
    for (const listener of emitter.listeners(channel) as Listener[]) {
      try {
        listener(event);
      } catch (error) {
        logger.error({ err: error, channel }, 'a realtime listener failed');
      }
    }
  };
  subscriber.on('message', (channel: string, payload: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch (error) {
      logger.error({ err: error, channel }, 'an unreadable realtime event was dropped');
      return;
    }
    if (envelope.origin !== origin) deliver(channel, envelope.event);
  });
  // The publisher refuses commands while it is not connected (so that an outage costs no delay), but
  // an event published while the first connection is still being made must not stay on this
  // instance: wait for that connection, briefly, once.
  let firstConnection: Promise<void> | undefined = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, FIRST_CONNECTION_WAIT_MS);
    timer.unref();
    const settle = () => {
      clearTimeout(timer);
      resolve();
    };
    publisher.once('ready', settle);
    publisher.once('error', settle);
    publisher.once('end', settle);
  }).then(() => {
    firstConnection = undefined;
  });

  return {
    async publish(channel, event) {
      if (closed) return;
      deliver(channel, event);
      if (firstConnection) await firstConnection;
      try {
        await publisher.publish(channel, JSON.stringify({ origin, event } satisfies Envelope));
      } catch {
        // Redis is away: the other instances miss this event; this instance's listeners have it.
      }
    },
    subscribe(channel, listener) {
      if (closed) return () => undefined;
      if (emitter.listenerCount(channel) === 0) {
        subscriptions.set(
          channel,
          subscriber.subscribe(channel).then(
            () => undefined,
            (error: Error) => onError(error),
          ),
        );
      }
      emitter.on(channel, listener);
      return () => {
        if (closed || !emitter.listeners(channel).includes(listener)) return;
        emitter.off(channel, listener);
        if (emitter.listenerCount(channel) === 0) {
          subscriptions.delete(channel);
          void subscriber.unsubscribe(channel).catch(() => undefined);
        }
      };
    },
    async whenSubscribed(channel) {
      const pending = subscriptions.get(channel);
      if (!pending) return;
      // Redis down: local delivery still works, so a socket is not held back longer than this.
      await Promise.race([pending, new Promise((resolve) => setTimeout(resolve, SUBSCRIBE_WAIT_MS).unref())]);
    },
    async close() {
      closed = true;
      emitter.removeAllListeners();
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
