import { ChatsResponseSchema, LikesResponseSchema, type ChatsResponse, type LikesResponse } from '@rendezvous/contract';
import { apiRequest } from '../../../lib/api-client';
import type { ChatsAndLikes } from '../../../lib/polled-chats-likes';

export interface BadgeCounts {
  /** Unread messages over all conversations. */
  unread: number;
  /** Received likes still marked new. */
  newLikes: number;
}

/** Spec §4: the badge shows the unread messages plus the new likes. */
export function countBadge(chats: ChatsResponse, likes: LikesResponse): BadgeCounts {
  return {
    unread: chats.chats.reduce((sum, chat) => sum + chat.num_unread_messages, 0),
    newLikes: likes.liked_by.filter((like) => like.like_new).length,
  };
}

/** GET /api/chats.php and GET /api/likes.php (spec §7), together. */
export async function getChatsAndLikes(signal: AbortSignal): Promise<ChatsAndLikes> {
  const [chats, likes] = await Promise.all([
    apiRequest('GET', '/api/chats.php', ChatsResponseSchema, { signal }),
    apiRequest('GET', '/api/likes.php', LikesResponseSchema, { signal }),
  ]);
  return { chats, likes };
}
