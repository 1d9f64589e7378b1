import type { ChatProfile, MessagesResponse } from '@rendezvous/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatListPanel } from './chat-list-panel';
import { Conversation } from './conversation';

export interface ChatsScreenProps {
  /** The open conversation, if any. */
  chatId: number | null;
  /** The open conversation's newest messages when the server rendered the page with them. */
  initialPage?: MessagesResponse | null;
  renderActions?: (profile: ChatProfile, conversationId: number) => ReactNode;
  costNote?: ReactNode;
  onInsufficientCredits: (conversationId: number) => void;
  onMessageSent?: (balance: number) => void;
  onResendActivation?: () => Promise<void>;
}

/**
 * Spec §2 chat layout: from `md` up the list sits beside the open conversation; on a phone
 * the screen shows the list or the conversation, with a way back to the list.
 */
export function ChatsScreen({
  chatId,
  initialPage = null,
  renderActions,
  costNote,
  onInsufficientCredits,
  onMessageSent,
  onResendActivation,
}: ChatsScreenProps) {
  const { t } = useTranslation();
  const [readCount, setReadCount] = useState(0);
  const open = chatId !== null;

  return (
    <div className="chats-screen flex min-h-0 flex-1 gap-4">
      <section
        aria-labelledby="chats-title"
        className={`${open ? 'hidden md:flex' : 'flex'} min-h-0 w-full flex-col md:w-80 md:shrink-0 md:border-e md:border-line md:pe-2`}
      >
        <h1 id="chats-title" className="heading px-2 pb-2 text-2xl">
          {t('chats.title')}
        </h1>
        <div className="min-h-0 flex-1 overflow-y-auto">
          <ChatListPanel activeId={chatId} reloadKey={readCount} />
        </div>
      </section>
      <div className={`${open ? 'flex' : 'hidden md:flex'} min-h-0 min-w-0 flex-1 flex-col`}>
        {open ? (
          <Conversation
            key={chatId}
            conversationId={chatId}
            initialPage={initialPage}
            renderActions={renderActions ? (profile) => renderActions(profile, chatId) : undefined}
            costNote={costNote}
            onInsufficientCredits={() => onInsufficientCredits(chatId)}
            onMessageSent={onMessageSent}
            onResendActivation={onResendActivation}
            onRead={() => setReadCount((count) => count + 1)}
          />
        ) : (
          <p className="m-auto max-w-sm text-center text-ink-muted">{t('chats.choose')}</p>
        )}
      </div>
    </div>
  );
}
