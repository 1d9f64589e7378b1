/*
 * The chats' part of working offline (docs/decisions/020): the chat list and the conversations
 * the member opened are copied from the app's cache into the device's offline store as they load,
 * and messages written without a network wait in its outbox until they can be sent, once each.
 */
import type { ChatsResponse, MessagesResponse } from '@rendezvous/contract';
import type { InfiniteData, Query, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import {
  keepOfflineChats,
  keepOfflineConversation,
  listOutbox,
  putOutboxMessage,
  removeOutboxMessage,
  type OutboxMessage,
} from '../../lib/offline-store';
import { messagesQueryOptions, sendMessage } from './api/chat-calls';
import { chatsQueryOptions } from './api/chats-query';

const CHATS_KEY = chatsQueryOptions().queryKey[0];
const MESSAGES_KEY = 'messages';

/** Refusals that a later try may not repeat: the outbox keeps those messages waiting. */
const TRY_AGAIN_STATUSES = new Set([408, 429]);

function keepQuery(owner: number, query: Query): void {
  const data = query.state.data;
  if (data === undefined) return;
  const [key, conversationId] = query.queryKey;
  let kept: Promise<void> | null = null;
  if (key === CHATS_KEY) kept = keepOfflineChats(owner, (data as ChatsResponse).chats);
  else if (key === MESSAGES_KEY && typeof conversationId === 'number') {
    const newest = (data as InfiniteData<MessagesResponse>).pages[0];
    if (newest) kept = keepOfflineConversation(owner, { id: conversationId, ...newest });
  }
  kept?.catch((error: unknown) => console.warn('Could not keep the chats for offline use', error));
}

/**
 * Copies the chat list and every opened conversation's newest page into the offline store,
 * now and whenever the cache changes them; returns the unsubscribe.
 */
export function keepChatsOffline(client: QueryClient, owner: number): () => void {
  const cache = client.getQueryCache();
  for (const query of cache.getAll()) keepQuery(owner, query);
  return cache.subscribe((event) => {
    if (event.type === 'added' || (event.type === 'updated' && event.action.type === 'success')) {
      keepQuery(owner, event.query);
    }
  });
}

/** Whether a failed send never reached an answer from the server (offline, dropped connection). */
export function isNetworkFailure(error: unknown): boolean {
  return !(error instanceof ApiError);
}

const OUTBOX_SENT = 'rendezvous:outbox-sent';

/** Calls `listener` with the balance each time the outbox delivers a message; returns the unsubscribe. */
export function onOutboxSent(listener: (credits: number) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<number>).detail);
  window.addEventListener(OUTBOX_SENT, handle);
  return () => window.removeEventListener(OUTBOX_SENT, handle);
}

let sending: Promise<void> | null = null;

/**
 * Sends the member's waiting messages, oldest first, each with its client key, so one that
 * reached the server before (its answer lost, or another tab sent it) is stored and paid once.
 * A refusal (no credits, blocked) marks it not sent with the server's reason; a network failure
 * stops until the next call. `onSent` gets each delivered message's balance.
 */
export function sendOutbox(client: QueryClient, owner: number, onSent?: (credits: number) => void): Promise<void> {
  sending ??= (async () => {
    try {
      for (const message of await listOutbox(owner)) {
        if (message.status !== 'waiting') continue;
        if (!(await sendQueued(client, message, onSent))) break;
      }
    } finally {
      sending = null;
    }
  })();
  return sending;
}

/** False when the network failed, so the rest waits too. */
async function sendQueued(
  client: QueryClient,
  message: OutboxMessage,
  onSent?: (credits: number) => void,
): Promise<boolean> {
  try {
    const { credits } = await sendMessage({
      conversation: message.conversation,
      body: message.body,
      client_key: message.client_key,
    });
    await removeOutboxMessage(message.client_key);
    onSent?.(credits);
    window.dispatchEvent(new CustomEvent<number>(OUTBOX_SENT, { detail: credits }));
  } catch (error) {
    if (
      isNetworkFailure(error) ||
      (error instanceof ApiError && (error.status >= 500 || TRY_AGAIN_STATUSES.has(error.status)))
    ) {
      console.warn('A waiting message is still not sent', error);
      return !isNetworkFailure(error);
    }
    const reason = (error instanceof ApiError && error.body?.error.code) || 'failed';
    await putOutboxMessage({ ...message, status: 'not_sent', reason });
  }
  await Promise.all([
    client.invalidateQueries({ queryKey: chatsQueryOptions().queryKey }),
    client.invalidateQueries({ queryKey: messagesQueryOptions(message.conversation).queryKey }),
  ]);
  return true;
}
