import type { ChatsResponse, SendMessageRequest } from '@rendezvous/contract';
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiSend } from '../../../lib/api-client';
import { lazySchemas } from '../../../lib/lazy-schemas';
import { optimisticUpdate } from '../../../lib/optimistic-update';
import { chatsQueryOptions } from './chats-query';

// The message calls are ours: spec §7 names only chats.php and chat.php.
export const CHATS_PATH = '/api/chats.php';
const CHAT_PATH = '/api/chat.php';
const MESSAGES_PATH = '/api/messages.php';
const schema = lazySchemas(() => import('./chat-schemas'));

/** GET /api/chats.php: the member's conversations, most recent first; 403 means the session is gone. */
export function getChats(signal?: AbortSignal) {
  return apiRequest('GET', CHATS_PATH, schema('ChatsResponseSchema'), { signal });
}

/** GET /api/chat.php?profile=…: finds or starts the conversation with that member (spec §7). */
export async function startChat(profileId: number): Promise<number> {
  const { id } = await apiRequest('GET', `${CHAT_PATH}?profile=${profileId}`, schema('ChatStartResponseSchema'));
  return id;
}

/** DELETE /api/chat.php: takes the conversation off the member's own list. */
export function removeChat(conversationId: number) {
  return apiSend('DELETE', CHAT_PATH, { conversation: { id: conversationId } });
}

/**
 * Spec §4/§8: the chat leaves the list at once, then the server is asked, then the list reloads
 * whether or not it worked; a failure puts the chat back until that reload answers.
 */
export function useRemoveChat() {
  const queryClient = useQueryClient();
  const { queryKey } = chatsQueryOptions();
  const { onMutate, rollBack } = optimisticUpdate<ChatsResponse, number>(
    queryClient,
    queryKey,
    (list, conversationId) => ({
      chats: list.chats.filter((chat) => chat.conversation.id !== conversationId),
    }),
  );
  return useMutation({
    mutationFn: removeChat,
    onMutate,
    onError: (_error, _conversationId, context) => rollBack(context),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}

/** The address of a page of a conversation's messages; the server renderer reads the first page there too. */
export function messagesPath(conversationId: number | string, before?: number): string {
  const query = new URLSearchParams({ conversation: String(conversationId) });
  if (before !== undefined) query.set('before', String(before));
  return `${MESSAGES_PATH}?${query.toString()}`;
}

/** GET /api/messages.php: one page of a conversation, oldest first; `before` pages further back. */
export function getMessages(conversationId: number, options: { before?: number; signal?: AbortSignal } = {}) {
  return apiRequest('GET', messagesPath(conversationId, options.before), schema('MessagesResponseSchema'), {
    signal: options.signal,
  });
}

/**
 * A conversation in the app's cache, page by page: the newest page first, each page's `older`
 * pointing at the next one back.
 */
export function messagesQueryOptions(conversationId: number) {
  return infiniteQueryOptions({
    queryKey: ['messages', conversationId],
    queryFn: ({ pageParam, signal }) => getMessages(conversationId, { before: pageParam, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.older ?? undefined,
    // Live messages are written in only while the conversation is open, so a closed one is not kept.
    gcTime: 0,
  });
}

/** POST /api/messages.php: a 402 `insufficient_credits` means nothing was sent. */
export function sendMessage(request: SendMessageRequest) {
  return apiRequest('POST', MESSAGES_PATH, schema('SendMessageResponseSchema'), { body: request });
}

/** PUT /api/messages.php: read up to this message, so the unread count goes to zero (spec §4). */
export function markRead(conversationId: number, upTo: number) {
  return apiSend('PUT', MESSAGES_PATH, { conversation: conversationId, up_to: upTo });
}
