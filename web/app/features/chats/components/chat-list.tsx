import type { ChatListItem } from '@rendezvous/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRegionalCode } from '../../../components/profile-fields/labels';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { NAMED_ROUTES } from '../../../route-table';
import { ChatTime } from './chat-time';
import { ChatAvatar } from './chat-avatar';

export interface ChatListProps {
  chats: readonly ChatListItem[];
  /** The conversation open beside the list: marked current, its unread count already read. */
  activeId: number | null;
  me: number;
  cdnPrefix: string;
  onRemove: (conversationId: number) => void;
}

export function ChatList({ chats, activeId, me, cdnPrefix, onRemove }: ChatListProps) {
  const { t } = useTranslation();
  const regional = useRegionalCode();
  const [confirming, setConfirming] = useState<ChatListItem | null>(null);

  return (
    <>
      <ul className="chat-list flex flex-col gap-1" aria-label={t('chats.list_label')}>
        {chats.map((chat) => {
          const { conversation, profile } = chat;
          const active = conversation.id === activeId;
          const unread = active ? 0 : chat.num_unread_messages;
          const last = conversation.last_message;
          const preview = last
            ? last.erased
              ? t('chats.message_erased')
              : last.from === me
                ? t('chats.you_preview', { text: last.body })
                : last.body
            : t('chats.no_messages');
          const at = last?.created_at ?? conversation.updated_at;
          return (
            <li
              key={conversation.id}
              className={`flex items-center gap-1 rounded-lg ${active ? 'bg-brand-soft' : 'hover:bg-surface-muted'}`}
            >
              <Link
                to={NAMED_ROUTES['chats-chatId'](conversation.id)}
                aria-current={active ? 'page' : undefined}
                className="flex min-w-0 flex-1 items-center gap-3 rounded-lg p-2"
              >
                <ChatAvatar profile={profile} cdnPrefix={cdnPrefix} />
                <span className="min-w-0 flex-1">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className={`truncate ${unread > 0 ? 'font-bold' : 'font-semibold'}`} translate="no">
                      {profile.name}
                    </span>
                    <ChatTime at={at} regional={regional} className="shrink-0 text-xs text-ink-muted" />
                  </span>
                  <span className="flex items-center justify-between gap-2">
                    <span className={`truncate text-sm ${unread > 0 ? 'text-ink' : 'text-ink-muted'}`}>{preview}</span>
                    {unread > 0 ? (
                      <span className="unread-count shrink-0 rounded-full bg-brand px-2 text-xs font-bold text-on-brand">
                        <span aria-hidden="true">{unread}</span>
                        <span className="sr-only">{t('chats.unread', { number: unread })}</span>
                      </span>
                    ) : null}
                  </span>
                </span>
              </Link>
              <button
                type="button"
                className="btn btn-ghost btn-sm shrink-0 px-2"
                aria-label={t('chats.remove', { name: profile.name })}
                aria-haspopup="dialog"
                onClick={() => setConfirming(chat)}
              >
                <svg className="size-5" viewBox="0 0 24 24" fill="none" aria-hidden="true">
                  <path
                    d="M5 7h14M10 11v6M14 11v6M6 7l1 12h10l1-12M9 7V4h6v3"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
              </button>
            </li>
          );
        })}
      </ul>
      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('chats.remove_title')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              {t('chats.cancel')}
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                if (confirming) onRemove(confirming.conversation.id);
                setConfirming(null);
              }}
            >
              {t('chats.remove_confirm')}
            </Button>
          </>
        }
      >
        <p>{t('chats.remove_text', { name: confirming?.profile.name ?? '' })}</p>
      </Modal>
    </>
  );
}
