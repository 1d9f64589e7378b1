import { randomUUID } from 'node:crypto';
import { ConsoleEventSchema, LiveEventSchema, type ConsoleEvent, type LiveEvent } from '@rendezvous/contract';
import { Redis } from 'ioredis';
import type { z } from 'zod';
import type { EventBus } from './event-bus.js';

/** A member counts as connected on a node until this long after its last refresh: a crashed node drops out. */
export const PRESENCE_TTL_MS = 60_000;
/** Well inside the TTL, so a live node never lets its members' presence lapse between refreshes. */
const PRESENCE_REFRESH_MS = 20_000;

/** Another node's message is input like any request: checked against the contract before it is delivered. */
function parseEvent<T>(
  schema: z.ZodType<T>,
  payload: string,
): { success: true; data: T } | { success: false; error: unknown } {
  try {
    return schema.safeParse(JSON.parse(payload));
  } catch (error) {
    return { success: false, error };
  }
}

interface BusLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface RedisEventBusOptions {
  url: string;
  /** Keeps tests and deployments sharing one Redis apart. */
  keyPrefix?: string;
  log?: BusLog;
}

/**
 * The event bus across nodes (architecture: Realtime). Each member has a channel; a node
 * subscribes to it while one of its streams belongs to that member, so an event crosses only to
 * the nodes that hold the member's tabs. Presence is a hash per member, one field per node
 * holding the time it lapses, refreshed on a timer: `isConnected` asks whether any field is
 * still in the future, so a node that dies without cleaning up stops counting after the TTL.
 * The console's events share one staff channel, subscribed while the node holds a staff stream.
 */
export function createRedisEventBus({ url, keyPrefix = 'rv:', log }: RedisEventBusOptions): EventBus {
  const publisher = new Redis(url, { lazyConnect: false });
  // A connection in subscriber mode can run no other commands, hence its own.
  const subscriber = publisher.duplicate();
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (error: Error) => log?.warn({ err: error }, 'Redis event bus connection error'));
  }

  const nodeId = randomUUID();
  const staffChannel = `${keyPrefix}staff-events`;
  const channelPrefix = `${keyPrefix}events:`;
  const channel = (memberId: number) => `${channelPrefix}${memberId}`;
  const presenceKey = (memberId: number) => `${keyPrefix}presence:${memberId}`;
  const listeners = new Map<number, Set<(event: LiveEvent) => void>>();
  const staffListeners = new Set<(event: ConsoleEvent) => void>();

  const markPresent = (memberIds: Iterable<number>) => {
    const until = String(Date.now() + PRESENCE_TTL_MS);
    const batch = publisher.pipeline();
    for (const memberId of memberIds) {
      batch.hset(presenceKey(memberId), nodeId, until).pexpire(presenceKey(memberId), PRESENCE_TTL_MS);
    }
    if (batch.length > 0) {
      batch.exec().catch((error: unknown) => log?.warn({ err: error }, 'Could not refresh live presence'));
    }
  };
  const refresh = setInterval(() => markPresent(listeners.keys()), PRESENCE_REFRESH_MS);
  refresh.unref();

  /** Checks another node's event against its channel's schema, then hands it to each listener here. */
  function deliver<T>(schema: z.ZodType<T>, set: Set<(event: T) => void> | undefined, from: string, payload: string) {
    if (!set) return;
    const event = parseEvent(schema, payload);
    if (!event.success) {
      // Thrown here it would escape into the Redis client; a stray publish must not stop the node.
      log?.error({ err: event.error, channel: from }, 'Ignored a malformed live event');
      return;
    }
    for (const listener of set) {
      // One failing stream must not keep the event from the other listeners.
      try {
        listener(event.data);
      } catch (error) {
        log?.error({ err: error }, 'A live event listener failed');
      }
    }
  }
  subscriber.on('message', (from: string, payload: string) => {
    if (from === staffChannel) deliver(ConsoleEventSchema, staffListeners, from, payload);
    else deliver(LiveEventSchema, listeners.get(Number(from.slice(channelPrefix.length))), from, payload);
  });

  return {
    async publish(memberId, event) {
      await publisher.publish(channel(memberId), JSON.stringify(event));
    },
    subscribe(memberId, listener) {
      let set = listeners.get(memberId);
      if (!set) {
        const created = new Set<(event: LiveEvent) => void>();
        listeners.set(memberId, (set = created));
        subscriber.subscribe(channel(memberId)).then(
          // Present only once events can arrive, and not if the stream closed meanwhile.
          () => listeners.get(memberId) === created && markPresent([memberId]),
          (error: unknown) => log?.error({ err: error, memberId }, 'Could not subscribe to live events'),
        );
      }
      set.add(listener);
      const own = set;
      return () => {
        own.delete(listener);
        if (own.size > 0 || listeners.get(memberId) !== own) return;
        listeners.delete(memberId);
        subscriber.unsubscribe(channel(memberId)).catch(() => undefined);
        publisher.hdel(presenceKey(memberId), nodeId).catch(() => undefined);
      };
    },
    async isConnected(memberId) {
      if (listeners.has(memberId)) return true;
      const until = await publisher.hvals(presenceKey(memberId));
      const now = Date.now();
      return until.some((value) => Number(value) > now);
    },
    async publishStaff(event) {
      await publisher.publish(staffChannel, JSON.stringify(event));
    },
    subscribeStaff(listener) {
      if (staffListeners.size === 0) {
        subscriber
          .subscribe(staffChannel)
          .catch((error: unknown) => log?.error({ err: error }, 'Could not subscribe to console events'));
      }
      staffListeners.add(listener);
      return () => {
        if (!staffListeners.delete(listener) || staffListeners.size > 0) return;
        subscriber.unsubscribe(staffChannel).catch(() => undefined);
      };
    },
    async close() {
      clearInterval(refresh);
      staffListeners.clear();
      const batch = publisher.pipeline();
      for (const memberId of listeners.keys()) batch.hdel(presenceKey(memberId), nodeId);
      listeners.clear();
      // While Redis is away commands would wait in the offline queue: drop the connections instead.
      if (publisher.status !== 'ready') {
        publisher.disconnect();
        subscriber.disconnect();
        return;
      }
      await batch.exec().catch(() => undefined);
      await Promise.all([subscriber.quit(), publisher.quit()].map((quit) => quit.catch(() => undefined)));
    },
  };
}
