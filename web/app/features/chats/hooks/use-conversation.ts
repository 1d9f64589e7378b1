import { type ChatMessage, type ChatProfile, type MessagesResponse } from '@rendezvous/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useLiveEvent } from '../../../lib/live-events';
import { getMessages, markRead, sendMessage } from '../api/chat-calls';
import { clearDraft, saveDraft } from '../drafts';
import type { ShownMessage } from '../components/message-list';

export type ConversationStatus = 'loading' | 'ready' | 'not_found' | 'error';
export type SendOutcome = 'sent' | 'insufficient_credits' | 'unavailable' | 'email_not_confirmed' | 'failed';

const shown = (message: ChatMessage): ShownMessage => ({ ...message, key: `m${message.id}` });

/** Server messages by id, then the optimistic ones still on their way. */
function merge(list: readonly ShownMessage[], incoming: readonly ChatMessage[]): ShownMessage[] {
  const byId = new Map(list.filter((message) => !message.pending).map((message) => [message.id, message]));
  for (const message of incoming) if (!byId.has(message.id)) byId.set(message.id, shown(message));
  const settled = [...byId.values()].sort((a, b) => a.id - b.id);
  return [...settled, ...list.filter((message) => message.pending)];
}

/** A 403 other than a block means the session is gone: the page reloads its data (spec §8). */
const isForbidden = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.body?.error.code !== 'blocked';

let pendingCounter = 0;

/**
 * One conversation: its pages of messages, live additions and read receipts, marking it read
 * while it is on screen (spec §4: opening sets unread to zero), and optimistic sending.
 */
export function useConversation(
  conversationId: number,
  me: number,
  callbacks: { onRead?: () => void; onSent?: (balance: number) => void } = {},
  /** The newest page as the server rendered it, so the first load does not ask for it again. */
  initialPage: MessagesResponse | null = null,
) {
  const { revalidate } = useRevalidator();
  // Kept from the first render only: a later loader answer without it must not trigger a reload.
  const [preloaded] = useState(() => (initialPage?.conversation.id === conversationId ? initialPage : null));
  const [status, setStatus] = useState<ConversationStatus>(preloaded ? 'ready' : 'loading');
  const [profile, setProfile] = useState<ChatProfile | null>(preloaded?.profile ?? null);
  const [messages, setMessages] = useState<ShownMessage[]>(() => preloaded?.messages.map(shown) ?? []);
  const [older, setOlder] = useState<number | null>(preloaded?.older ?? null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [readUpTo, setReadUpTo] = useState(preloaded?.read_up_to ?? 0);
  const [attempt, setAttempt] = useState(0);
  /** The newest message that arrived live from the other member, for screen readers. */
  const [arrived, setArrived] = useState<ChatMessage | null>(null);
  const markedUpTo = useRef(0);
  const callbacksRef = useRef(callbacks);
  useEffect(() => {
    callbacksRef.current = callbacks;
  });

  useEffect(() => {
    if (preloaded && attempt === 0) return;
    const controller = new AbortController();
    getMessages(conversationId, { signal: controller.signal })
      .then((page) => {
        setProfile(page.profile);
        setMessages((current) => merge(current, page.messages));
        setOlder(page.older);
        setReadUpTo(page.read_up_to);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) return setStatus('not_found');
        if (isForbidden(error)) void revalidate();
        console.warn('Could not load the conversation', error);
        setStatus('error');
      });
    return () => controller.abort();
  }, [conversationId, attempt, revalidate, preloaded]);

  const retry = useCallback(() => {
    setStatus('loading');
    setAttempt((value) => value + 1);
  }, []);

  const loadOlder = useCallback(async () => {
    if (older === null || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await getMessages(conversationId, { before: older });
      setMessages((current) => merge(current, page.messages));
      setOlder(page.older);
    } catch (error) {
      console.warn('Could not load older messages', error);
    } finally {
      setLoadingOlder(false);
    }
  }, [conversationId, older, loadingOlder]);

  // Read up to the newest message whenever one arrives while the page is visible.
  const newestId = messages.filter((message) => !message.pending).at(-1)?.id ?? 0;
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
    setMessages((current) => {
      // Our own message from this tab: the answer to the send replaces the optimistic copy.
      const mine = message.from === me ? current.find((item) => item.pending && item.body === message.body) : undefined;
      return merge(mine ? current.filter((item) => item !== mine) : current, [message]);
    });
  });

  useLiveEvent('read', (event) => {
    if (event.conversation !== conversationId || event.by_me) return;
    setReadUpTo((current) => Math.max(current, event.up_to));
  });

  const send = useCallback(
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
      setMessages((current) => [...current, optimistic]);
      try {
        const { message, credits } = await sendMessage({ conversation: conversationId, body });
        callbacksRef.current.onSent?.(credits);
        setMessages((current) =>
          merge(
            current.filter((item) => item.key !== key),
            [message],
          ),
        );
        clearDraft(conversationId);
        return 'sent';
      } catch (error) {
        setMessages((current) => current.filter((item) => item.key !== key));
        if (error instanceof ApiError) {
          const code = error.body?.error.code;
          if (error.status === 402 || code === 'insufficient_credits') {
            saveDraft(conversationId, body);
            return 'insufficient_credits';
          }
          // Not a lost session (that 403 reloads the page): the member has to confirm the address first.
          if (code === 'email_not_confirmed') return 'email_not_confirmed';
          if (code === 'member_unavailable' || code === 'blocked') {
            setProfile((current) => (current ? { ...current, available: false } : current));
            return 'unavailable';
          }
          if (isForbidden(error)) void revalidate();
        }
        console.warn('Could not send the message', error);
        return 'failed';
      }
    },
    [conversationId, me, revalidate],
  );

  return { status, profile, messages, older, loadingOlder, readUpTo, arrived, retry, loadOlder, send };
}
