import { randomBytes } from 'node:crypto';
import type { ConsoleEvent, LiveEvent } from '@rendezvous/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { waitFor } from '../test/sse-client.js';
import type { EventBus } from './event-bus.js';
import { createRedisEventBus } from './redis-event-bus.js';

const redisUrl = inject('redisUrl');

// Global setup has already said why when Redis is absent (and failed the run under CI).
describe.skipIf(!redisUrl)('Redis event bus', () => {
  // Each run under its own keys: other test runs may share the Redis.
  const keyPrefix = `rv-test-${randomBytes(4).toString('hex')}:`;
  let nodeA: EventBus;
  let nodeB: EventBus;
  let redis: Redis;

  beforeAll(() => {
    nodeA = createRedisEventBus({ url: redisUrl!, keyPrefix });
    nodeB = createRedisEventBus({ url: redisUrl!, keyPrefix });
    redis = new Redis(redisUrl!);
  });
  afterAll(async () => {
    await Promise.all([nodeA.close(), nodeB.close(), redis.quit()]);
  });

  const chats: LiveEvent = { type: 'chats' };

  it("carries a member's events from one node to the listeners on another, and only theirs", async () => {
    const received: LiveEvent[] = [];
    const othersReceived: LiveEvent[] = [];
    const stop = nodeB.subscribe(1, (event) => received.push(event));
    const stopOther = nodeB.subscribe(2, (event) => othersReceived.push(event));
    try {
      await waitFor(() => nodeA.isConnected(1));
      const like: LiveEvent = { type: 'like', profile: 7, by_me: false };
      await nodeA.publish(1, like);
      await nodeA.publish(1, chats);
      await waitFor(() => received.length === 2);
      expect(received).toEqual([like, chats]);
      expect(othersReceived).toEqual([]);
    } finally {
      stop();
      stopOther();
    }
  });

  it('delivers to every listener of the member on a node, and keeps delivering when one fails', async () => {
    const first: LiveEvent[] = [];
    const second: LiveEvent[] = [];
    const stops = [
      nodeB.subscribe(3, () => {
        throw new Error('a broken tab');
      }),
      nodeB.subscribe(3, (event) => first.push(event)),
      nodeB.subscribe(3, (event) => second.push(event)),
    ];
    try {
      await waitFor(() => nodeA.isConnected(3));
      await nodeA.publish(3, chats);
      await waitFor(() => first.length === 1 && second.length === 1);
    } finally {
      for (const stop of stops) stop();
    }
  });

  it('drops a payload that is not a live event, with a word in the log, and keeps delivering', async () => {
    const logged: string[] = [];
    const log = { warn: () => undefined, error: (_object: object, message: string) => logged.push(message) };
    const node = createRedisEventBus({ url: redisUrl!, keyPrefix, log });
    const received: LiveEvent[] = [];
    const stop = node.subscribe(7, (event) => received.push(event));
    try {
      await waitFor(() => nodeA.isConnected(7));
      const channel = `${keyPrefix}events:7`;
      await redis.publish(channel, 'not json');
      await redis.publish(channel, JSON.stringify({ type: 'like', profile: 'seven', by_me: false }));
      await redis.publish(channel, JSON.stringify({ type: 'unheard-of' }));
      await nodeA.publish(7, chats);
      await waitFor(() => received.length === 1);
      expect(received).toEqual([chats]);
      expect(logged).toEqual(Array(3).fill('Ignored a malformed live event'));
    } finally {
      stop();
      await node.close();
    }
  });

  it('counts a member as connected while any node has a listener, on every node', async () => {
    expect(await nodeA.isConnected(4)).toBe(false);
    const stopOnA = nodeA.subscribe(4, () => undefined);
    await waitFor(() => nodeB.isConnected(4));
    const stopOnB = nodeB.subscribe(4, () => undefined);
    stopOnB();
    // Still listening on node A.
    expect(await nodeB.isConnected(4)).toBe(true);
    stopOnA();
    await waitFor(async () => !(await nodeB.isConnected(4)));
    expect(await nodeA.isConnected(4)).toBe(false);
  });

  it('lets the presence of a node that died without cleaning up lapse', async () => {
    await redis.hset(`${keyPrefix}presence:5`, 'crashed-node', String(Date.now() - 1));
    expect(await nodeA.isConnected(5)).toBe(false);
    await redis.hset(`${keyPrefix}presence:5`, 'live-node', String(Date.now() + 60_000));
    expect(await nodeA.isConnected(5)).toBe(true);
  });

  it('takes its presence away when it closes', async () => {
    const node = createRedisEventBus({ url: redisUrl!, keyPrefix });
    node.subscribe(6, () => undefined);
    await waitFor(() => nodeA.isConnected(6));
    await node.close();
    expect(await nodeA.isConnected(6)).toBe(false);
  });

  it('carries the console’s events to every node with a staff listener, checked on arrival', async () => {
    const logged: string[] = [];
    const log = { warn: () => undefined, error: (_object: object, message: string) => logged.push(message) };
    const node = createRedisEventBus({ url: redisUrl!, keyPrefix, log });
    const received: ConsoleEvent[] = [];
    const stop = node.subscribeStaff((event) => received.push(event));
    const channel = `${keyPrefix}staff-events`;
    try {
      await waitFor(async () => Number(((await redis.pubsub('NUMSUB', channel)) as [string, number])[1]) > 0);
      const waiting: ConsoleEvent = {
        type: 'waiting',
        conversation: 3,
        site_id: 1,
        language: 'nl',
        message: { id: 9, created_at: '2026-11-26T10:00:00.000Z' },
      };
      await redis.publish(channel, JSON.stringify({ type: 'waiting', conversation: 'three' }));
      await nodeA.publishStaff(waiting);
      await waitFor(() => received.length === 1);
      expect(received).toEqual([waiting]);
      expect(logged).toEqual(['Ignored a malformed live event']);
      // A member's channel is not the staff's, nor the other way round.
      await nodeA.publish(1, chats);
      stop();
      await waitFor(async () => Number(((await redis.pubsub('NUMSUB', channel)) as [string, number])[1]) === 0);
    } finally {
      stop();
      await node.close();
    }
    expect(received).toEqual([expect.objectContaining({ type: 'waiting' })]);
  });
});
