import { ChatsResponseSchema, MessagesResponseSchema } from '@rendezvous/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useResendActivation } from '../features/accounts/hooks/use-resend-activation';
import { CHATS_PATH, messagesPath } from '../features/chats/api/chat-calls';
import { chatsQueryOptions } from '../features/chats/api/chats-query';
import { ChatsScreen } from '../features/chats/components/chats-screen';
import { MessageCostNote } from '../features/credits/components/message-cost-note';
import { CREDITS_INSUFFICIENT_PATH, RETURN_TO_PARAM } from '../features/credits/return-to';
import { SafetyMenu } from '../features/safety/components/safety-menu';
import { querySeed } from '../lib/query-seeds';
import { loadIfAnswered, loadRecord, notFoundResponse, RECORD_ID } from '../lib/server-record';
import { NAMED_ROUTES } from '../route-table';
import type { Route } from './+types/chats';

export function meta() {
  return [{ name: 'robots', content: 'noindex' }];
}

/**
 * A conversation that is not the member's own, or none at all, is a 404 page from the first HTML.
 * The chat list comes with it (issue 17: the page painted "Loading your conversations…" first).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.chatId !== undefined && !RECORD_ID.test(params.chatId)) throw notFoundResponse();
  const [page, chats] = await Promise.all([
    params.chatId === undefined ? null : loadRecord(context, messagesPath(params.chatId), MessagesResponseSchema),
    // A list that could not be read here loads in the browser and shows its own state.
    loadIfAnswered(context, CHATS_PATH, ChatsResponseSchema),
  ]);
  return { page, querySeeds: chats ? [querySeed(chatsQueryOptions().queryKey, chats)] : [] };
}

/** In the app the conversation loads its own messages and shows its own not-found state. */
export function clientLoader() {
  return { page: null };
}

/**
 * Spec §2 /chats and /chats/{chatId} (one module, two routes): the list, and beside it or instead
 * of it the open conversation, with the credits line, the block and report actions and the
 * activation mail (for a member who must confirm before writing) composed in.
 */
export default function Chats({ loaderData, params }: Route.ComponentProps) {
  const { chatId } = params;
  const navigate = useNavigate();
  const [balance, setBalance] = useState<number | null>(null);
  const resendActivation = useResendActivation();
  const openId = chatId && /^\d{1,15}$/.test(chatId) ? Number(chatId) : null;

  return (
    <ChatsScreen
      chatId={openId}
      initialPage={loaderData.page}
      costNote={<MessageCostNote balance={balance} />}
      onMessageSent={setBalance}
      onResendActivation={resendActivation}
      onInsufficientCredits={(conversationId) =>
        void navigate(
          `${CREDITS_INSUFFICIENT_PATH}&${RETURN_TO_PARAM}=${encodeURIComponent(NAMED_ROUTES['chats-chatId'](conversationId))}`,
        )
      }
      renderActions={(profile, conversationId) => (
        <SafetyMenu
          profile={profile}
          conversationId={conversationId}
          onBlocked={() => void navigate('/chats', { replace: true })}
        />
      )}
    />
  );
}
