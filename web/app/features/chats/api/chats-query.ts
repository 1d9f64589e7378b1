import { queryOptions } from '@tanstack/react-query';

/**
 * The chats in the app's cache: one list for the badge, the chat list and the polling (spec §9).
 * Every page polls them, so the fetcher and its schemas load on first use, out of the first load.
 */
export function chatsQueryOptions() {
  return queryOptions({
    queryKey: ['chats'],
    queryFn: ({ signal }) => import('./chat-calls').then((api) => api.getChats(signal)),
  });
}
