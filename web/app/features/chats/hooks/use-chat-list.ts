import type { ChatListItem } from '@rendezvous/contract';
import { useCallback, useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { usePolledChatsAndLikes } from '../../../lib/polled-chats-likes';
import { getChats, removeChat } from '../api/chat-calls';

export type ChatListStatus = 'loading' | 'ready' | 'error';

/**
 * The member's conversations: read when the list opens or asks, and kept current by the app's
 * chats-and-likes polling, which also follows the live stream.
 * A 403 means the session ended: the page data is loaded again, which sends a logged-out
 * visitor to the login (spec §7/§8, as the user polling does).
 */
export function useChatList(reloadKey = 0) {
  const { revalidate } = useRevalidator();
  const [status, setStatus] = useState<ChatListStatus>('loading');
  const [chats, setChats] = useState<ChatListItem[]>([]);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((value) => value + 1), []);

  // `reloadKey` is bumped by the open conversation once it is read, so its unread count goes.
  useEffect(() => {
    const controller = new AbortController();
    getChats(controller.signal)
      .then((response) => {
        setChats(response.chats);
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 403) {
          void revalidate();
          return;
        }
        console.warn('Could not load the chats', error);
        setStatus((current) => (current === 'ready' ? current : 'error'));
      });
    return () => controller.abort();
  }, [version, reloadKey, revalidate]);

  // Spec §9: the app's polling of the chats, soon after a live event about them too.
  usePolledChatsAndLikes(({ chats: latest }) => {
    setChats(latest.chats);
    setStatus('ready');
  });

  /** Spec §4/§8: gone from the list at once, then the server, then the list again, failed or not. */
  const remove = useCallback(
    async (conversationId: number): Promise<boolean> => {
      setRemoveError(null);
      setChats((current) => current.filter((chat) => chat.conversation.id !== conversationId));
      let removed = true;
      try {
        await removeChat(conversationId);
      } catch (error) {
        console.warn('Could not remove the chat', error);
        setRemoveError(error instanceof Error ? error.message : String(error));
        removed = false;
      }
      reload();
      return removed;
    },
    [reload],
  );

  const retry = useCallback(() => {
    setStatus('loading');
    reload();
  }, [reload]);

  return { status, chats, reload, retry, remove, removeError, dismissRemoveError: () => setRemoveError(null) };
}
