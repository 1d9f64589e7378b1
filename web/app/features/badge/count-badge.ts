import type { ChatsResponse, LikesResponse } from '@rendezvous/contract';

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
