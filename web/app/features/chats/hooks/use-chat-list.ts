import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { isSessionLost } from '../../../lib/query-client';
import { useRemoveChat } from '../api/chat-calls';
import { chatsQueryOptions } from '../api/chats-query';

export type ChatListStatus = 'loading' | 'ready' | 'error';

/**
 * The member's conversations from the app's cache, which the app's chats-and-likes polling (spec
 * §9) and the live stream keep current. A 403 is handled by the cache for every call (spec §8).
 */
export function useChatList(reloadKey = 0) {
  const queryClient = useQueryClient();
  const query = useQuery(chatsQueryOptions());
  const removal = useRemoveChat();
  const [removeError, setRemoveError] = useState<string | null>(null);

  const reload = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: chatsQueryOptions().queryKey }),
    [queryClient],
  );

  // Bumped by the open conversation once it is read, so its unread count goes.
  useEffect(() => {
    if (reloadKey !== 0) reload();
  }, [reloadKey, reload]);

  const { mutateAsync } = removal;
  /** Spec §4/§8: gone from the list at once, then the server, then the list again, failed or not. */
  const remove = useCallback(
    async (conversationId: number): Promise<boolean> => {
      setRemoveError(null);
      try {
        await mutateAsync(conversationId);
        return true;
      } catch (error) {
        console.warn('Could not remove the chat', error);
        setRemoveError(error instanceof Error ? error.message : String(error));
        return false;
      }
    },
    [mutateAsync],
  );

  // A lost session is no failure of this list: the page is about to load as logged out.
  const failed = query.isError && !query.isFetching && !isSessionLost(query.error);
  const status: ChatListStatus = query.data !== undefined ? 'ready' : failed ? 'error' : 'loading';

  return { status, chats: query.data?.chats ?? [], retry: reload, remove, removeError };
}
