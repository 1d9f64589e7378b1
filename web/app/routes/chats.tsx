import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useResendActivation } from '../features/accounts/hooks/use-resend-activation';
import { ChatsScreen } from '../features/chats/components/chats-screen';
import { MessageCostNote } from '../features/credits/components/message-cost-note';
import { SafetyMenu } from '../features/safety/components/safety-menu';
import { CREDITS_INSUFFICIENT_PATH } from './credits';

export function meta() {
  return [{ name: 'robots', content: 'noindex' }];
}

/**
 * Spec §2 /chats and /chats/{chatId} (one module, two routes): the list, and beside it or instead
 * of it the open conversation, with the credits line, the block and report actions and the
 * activation mail (for a member who must confirm before writing) composed in.
 */
export default function Chats() {
  const { chatId } = useParams();
  const navigate = useNavigate();
  const [balance, setBalance] = useState<number | null>(null);
  const resendActivation = useResendActivation();
  const openId = chatId && /^\d{1,15}$/.test(chatId) ? Number(chatId) : null;

  return (
    <ChatsScreen
      chatId={openId}
      costNote={<MessageCostNote balance={balance} />}
      onMessageSent={setBalance}
      onResendActivation={resendActivation}
      onInsufficientCredits={(conversationId) =>
        void navigate(`${CREDITS_INSUFFICIENT_PATH}&from=${encodeURIComponent(`/chats/${conversationId}`)}`)
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
