import type { ConsoleEvent, LiveEvent } from '@rendezvous/contract';

/**
 * Delivers live events to a member's open tabs (architecture: Realtime), and the console's
 * events to staff. The in-process bus serves one node; with REDIS_URL the Redis bus carries the
 * same calls across nodes.
 */
export interface EventBus {
  /** To every open stream of the member, on any node. */
  publish(memberId: number, event: LiveEvent): Promise<void>;
  /** Listens for one member's events on this node; the returned function stops listening. */
  subscribe(memberId: number, listener: (event: LiveEvent) => void): () => void;
  /** Whether the member has a stream open on any node: web push goes only to members without one. */
  isConnected(memberId: number): Promise<boolean>;
  /**
   * To every staff stream on any node. One channel for all staff: a handful of operators per
   * node, and each stream keeps only what falls in its holder's sites and languages.
   */
  publishStaff(event: ConsoleEvent): Promise<void>;
  /** Listens for the console's events on this node; the returned function stops listening. */
  subscribeStaff(listener: (event: ConsoleEvent) => void): () => void;
  close(): Promise<void>;
}

export function createMemoryEventBus(): EventBus {
  const listeners = new Map<number, Set<(event: LiveEvent) => void>>();
  const staffListeners = new Set<(event: ConsoleEvent) => void>();
  return {
    async publish(memberId, event) {
      for (const listener of listeners.get(memberId) ?? []) listener(event);
    },
    subscribe(memberId, listener) {
      let set = listeners.get(memberId);
      if (!set) listeners.set(memberId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(memberId);
      };
    },
    async isConnected(memberId) {
      return listeners.has(memberId);
    },
    async publishStaff(event) {
      for (const listener of staffListeners) listener(event);
    },
    subscribeStaff(listener) {
      staffListeners.add(listener);
      return () => staffListeners.delete(listener);
    },
    async close() {
      listeners.clear();
      staffListeners.clear();
    },
  };
}
