import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerEvent } from '@teamhire/shared';

export type Listener = (event: ServerEvent) => void;

/**
 * Fans realtime events out to every socket that listens to a channel (`room:{id}`, `user:{id}`,
 * `guest:{id}`), wherever it is connected (decision B5).
 */
export interface RealtimeBus {
  publish(channel: string, event: ServerEvent): Promise<void>;
  subscribe(channel: string, listener: Listener): () => void;
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
  return {
    async publish(channel, event) {
      emitter.emit(channel, event);
    },
    subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Redis publish/subscribe between instances. Each instance subscribes to a channel while one of
 * its sockets listens to it. When Redis is unreachable, events still reach this instance's own
 * sockets, and cross-instance delivery resumes by itself when Redis returns.
 */
export function createRedisBus(url: string, logger: FastifyBaseLogger): RealtimeBus {
  const emitter = localEmitter();
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
  subscriber.on('message', (channel: string, payload: string) => {
    try {
      emitter.emit(channel, JSON.parse(payload) as ServerEvent);
    } catch (error) {
      logger.error({ err: error, channel }, 'an unreadable realtime event was dropped');
    }
  });

  return {
    async publish(channel, event) {
      try {
        await publisher.publish(channel, JSON.stringify(event));
      } catch {
        emitter.emit(channel, event);
      }
    },
    subscribe(channel, listener) {
      if (emitter.listenerCount(channel) === 0) void subscriber.subscribe(channel).catch(onError);
      emitter.on(channel, listener);
      return () => {
        emitter.off(channel, listener);
        if (emitter.listenerCount(channel) === 0) void subscriber.unsubscribe(channel).catch(() => undefined);
      };
    },
    async close() {
      emitter.removeAllListeners();
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
