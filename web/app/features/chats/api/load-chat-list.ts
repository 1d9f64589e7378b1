import { ChatsResponseSchema, type ChatsResponse } from '@rendezvous/contract';
import type { AppLoadContext } from 'react-router';
import { CHATS_PATH } from './chat-calls';

/**
 * The member's chat list, read by the chats page's loader on the server as the member (issue 17).
 * A refusal or failure gives null: the list then loads in the browser and shows its own state.
 */
export async function loadChatList(context: AppLoadContext): Promise<ChatsResponse | null> {
  const response = await context.api.get(CHATS_PATH);
  return response.status === 200 ? ChatsResponseSchema.parse(response.body) : null;
}
