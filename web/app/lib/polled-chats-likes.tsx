import type { ChatsResponse, LikesResponse } from '@rendezvous/contract';
import { createContext, useContext, useEffect, useEffectEvent, useState, type ReactNode } from 'react';

/** What one round of the spec §9 polling brings: the chats and the likes, whole. */
export interface ChatsAndLikes {
  chats: ChatsResponse;
  likes: LikesResponse;
}

type Listener = (latest: ChatsAndLikes) => void;

interface PolledChannel {
  publish(latest: ChatsAndLikes): void;
  subscribe(listener: Listener): () => void;
}

function createChannel(): PolledChannel {
  const listeners = new Set<Listener>();
  return {
    publish: (latest) => listeners.forEach((listener) => listener(latest)),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

const PolledContext = createContext<PolledChannel>(createChannel());

/**
 * Spec §9 polls the chats and the likes on one schedule (the badge does it); this carries each
 * answer to the screens that show them, so they stay current without requests of their own.
 */
export function PolledChatsLikesProvider({ children }: { children: ReactNode }) {
  const [channel] = useState(createChannel);
  return <PolledContext.Provider value={channel}>{children}</PolledContext.Provider>;
}

/** For the one poller: hands an answer to every screen listening. */
export function usePublishChatsAndLikes(): (latest: ChatsAndLikes) => void {
  return useContext(PolledContext).publish;
}

/** Calls `listener` with each answer of the app's chats-and-likes polling while mounted. */
export function usePolledChatsAndLikes(listener: Listener): void {
  const { subscribe } = useContext(PolledContext);
  const onPolled = useEffectEvent(listener);
  useEffect(() => subscribe((latest) => onPolled(latest)), [subscribe]);
}
