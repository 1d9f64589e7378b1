import { type ChatMessage, type MessagesResponse } from '@rendezvous/contract';
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useLiveEvent } from '../../../lib/live-events';
import {
  listOutbox,
  newClientKey,
  offlineStoreAvailable,
  onOutboxChange,
  queueOutboxMessage,
  removeOutboxMessage,
  type OutboxMessage,
} from '../../../lib/offline-store';
import { markRead, messagesQueryOptions, sendMessage } from '../api/chat-calls';
import { clearDraft, saveDraft } from '../drafts';
import type { ShownMessage } from '../components/message-list';
import { isNetworkFailure, onOutboxSent } from '../offline';

export type ConversationStatus = 'loading' | 'ready' | 'not_found' | 'error';
/**
 * How a message fared, where the server said why it was not sent; `queued` waits in the outbox
 * for the network (docs/decisions/020). Any other failure rejects.
 */
export type SendOutcome = 'sent' | 'queued' | 'insufficient_credits' | 'unavailable' | 'email_not_confirmed';

type Pages = InfiniteData<MessagesResponse, unknown>;

const shown = (message: ChatMessage): ShownMessage => ({ ...message, key: `m${message.id}` });

/** Every page's messages once each, oldest first. */
function settledMessages(pages: readonly MessagesResponse[]): ShownMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const page of pages) for (const message of page.messages) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id).map(shown);
}

/** The cached conversation with its newest page changed by `change`. */
function withNewest(pages: Pages | undefined, change: (page: MessagesResponse) => MessagesResponse) {
  const [newest, ...rest] = pages?.pages ?? [];
  return pages && newest ? { ...pages, pages: [change(newest), ...rest] } : pages;
}

const withMessage = (message: ChatMessage) => (page: MessagesResponse) =>
  page.messages.some((item) => item.id === message.id) ? page : { ...page, messages: [...page.messages, message] };

let pendingCounter = 0;

const fromOutbox = (message: OutboxMessage, me: number): ShownMessage => ({
  key: message.client_key,
  id: Number.MAX_SAFE_INTEGER,
  conversation: message.conversation,
  from: me,
  body: message.body,
  created_at: message.created_at,
  ...(message.status === 'waiting' ? { waiting: true } : { notSent: message.reason ?? 'failed' }),
});

/** This conversation's messages in the device's outbox, as they change. */
function useOutbox(conversationId: number, me: number): ShownMessage[] {
  const [waiting, setWaiting] = useState<ShownMessage[]>([]);
  useEffect(() => {
    if (me === 0 || !offlineStoreAvailable()) return;
    let current = true;
    const load = () =>
      void listOutbox(me)
        .then((messages) => {
          if (!current) return;
          setWaiting(
            messages
              .filter((message) => message.conversation === conversationId)
              .map((message) => fromOutbox(message, me)),
          );
        })
        .catch((error: unknown) => console.warn('Could not read the messages waiting to be sent', error));
    load();
    const stop = onOutboxChange(load);
    return () => {
      current = false;
      stop();
    };
  }, [conversationId, me]);
  return waiting;
}

/**
 * One conversation from the app's cache: its pages of messages, live additions and read receipts
 * written into that cache, marking it read while it is on screen (spec §4: opening sets unread to
 * zero), and optimistic sending. A 403 that ends the session is handled by the cache (spec §8).
 */
export function useConversation(
  conversationId: number,
  me: number,
  callbacks: { onRead?: () => void; onSent?: (balance: number) => void } = {},
  /** The newest page as the server rendered it, so the first load does not ask for it again. */
  initialPage: MessagesResponse | null = null,
) {
  const queryClient = useQueryClient();
  const options = messagesQueryOptions(conversationId);
  // Kept from the first render only: a later loader answer without it must not trigger a reload.
  const [preloaded] = useState(initialPage);
  const query = useInfiniteQuery({
    ...options,
    initialData:
      preloaded?.conversation.id === conversationId ? { pages: [preloaded], pageParams: [undefined] } : undefined,
  });
  // Fails at once without a network rather than pausing: the outbox keeps the message instead.
  const { mutateAsync: send } = useMutation({ mutationFn: sendMessage, networkMode: 'always' });
  const outbox = useOutbox(conversationId, me);
  const [pending, setPending] = useState<ShownMessage[]>([]);
  /** The newest message that arrived live from the other member, for screen readers. */
  const [arrived, setArrived] = useState<ChatMessage | null>(null);
  const markedUpTo = useRef(0);
  const callbacksRef = useRef(callbacks);
  useEffect(() => {
    callbacksRef.current = callbacks;
  });
  // A message the outbox delivered was paid too: the balance under the composer follows.
  useEffect(() => onOutboxSent((credits) => callbacksRef.current.onSent?.(credits)), []);

  const pages = query.data?.pages;
  const newestPage = pages?.[0];
  const settled = useMemo(() => (pages ? settledMessages(pages) : []), [pages]);
  const messages = [...settled, ...outbox, ...pending];
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const status: ConversationStatus = newestPage
    ? 'ready'
    : notFound
      ? 'not_found'
      : query.isError && !query.isFetching
        ? 'error'
        : 'loading';

  const update = useCallback(
    (change: (page: MessagesResponse) => MessagesResponse) =>
      queryClient.setQueryData(options.queryKey, (current) => withNewest(current, change)),
    [queryClient, options.queryKey],
  );

  const { refetch, fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  const loadOlder = useCallback(async () => {
    if (!hasNextPage || isFetchingNextPage) return;
    await fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);

  // Read up to the newest message whenever one arrives while the page is visible.
  const newestId = settled.at(-1)?.id ?? 0;
  useEffect(() => {
    if (status !== 'ready' || newestId === 0) return;
    const markIfVisible = () => {
      if (document.visibilityState !== 'visible' || newestId <= markedUpTo.current) return;
      markedUpTo.current = newestId;
      markRead(conversationId, newestId)
        .then(() => callbacksRef.current.onRead?.())
        .catch((error: unknown) => {
          markedUpTo.current = 0;
          console.warn('Could not mark the conversation read', error);
        });
    };
    markIfVisible();
    document.addEventListener('visibilitychange', markIfVisible);
    return () => document.removeEventListener('visibilitychange', markIfVisible);
  }, [status, newestId, conversationId]);

  useLiveEvent('message', ({ message }) => {
    if (message.conversation !== conversationId) return;
    if (message.from !== me) setArrived(message);
    // Our own message from this tab: the stored one replaces the optimistic copy.
    if (message.from === me) {
      setPending((current) => {
        const mine = current.find((item) => item.body === message.body);
        return mine ? current.filter((item) => item !== mine) : current;
      });
    }
    update(withMessage(message));
  });

  useLiveEvent('read', (event) => {
    if (event.conversation !== conversationId || event.by_me) return;
    update((page) => ({ ...page, read_up_to: Math.max(page.read_up_to, event.up_to) }));
  });

  const sendBody = useCallback(
    async (body: string): Promise<SendOutcome> => {
      pendingCounter += 1;
      const key = `p${pendingCounter}`;
      const optimistic: ShownMessage = {
        key,
        pending: true,
        id: Number.MAX_SAFE_INTEGER,
        conversation: conversationId,
        from: me,
        body: body.trim(),
        created_at: new Date().toISOString(),
      };
      const clientKey = newClientKey();
      const queue = async (): Promise<SendOutcome> => {
        await queueOutboxMessage(me, conversationId, body, clientKey);
        clearDraft(conversationId);
        return 'queued';
      };
      if (!navigator.onLine && offlineStoreAvailable()) return queue();
      setPending((current) => [...current, optimistic]);
      try {
        const { message, credits } = await send({ conversation: conversationId, body, client_key: clientKey });
        callbacksRef.current.onSent?.(credits);
        update(withMessage(message));
        clearDraft(conversationId);
        return 'sent';
      } catch (error) {
        if (error instanceof ApiError) {
          const code = error.body?.error.code;
          if (error.status === 402 || code === 'insufficient_credits') {
            saveDraft(conversationId, body);
            return 'insufficient_credits';
          }
          if (code === 'email_not_confirmed') return 'email_not_confirmed';
          if (code === 'member_unavailable' || code === 'blocked') {
            update((page) => ({ ...page, profile: { ...page.profile, available: false } }));
            return 'unavailable';
          }
        }
        // No answer at all: the outbox sends it when the network is back, once (its client key).
        if (isNetworkFailure(error) && offlineStoreAvailable()) return queue();
        console.warn('Could not send the message', error);
        throw error;
      } finally {
        setPending((current) => current.filter((item) => item.key !== key));
      }
    },
    [conversationId, me, send, update],
  );

  return {
    status,
    profile: newestPage?.profile ?? null,
    messages,
    older: pages?.at(-1)?.older ?? null,
    loadingOlder: isFetchingNextPage,
    readUpTo: newestPage?.read_up_to ?? 0,
    arrived,
    retry,
    loadOlder,
    send: sendBody,
    /** Drops a message the server refused from the outbox. */
    discard: (clientKey: string) =>
      removeOutboxMessage(clientKey).catch((error: unknown) => console.warn('Could not remove the message', error)),
  };
}
