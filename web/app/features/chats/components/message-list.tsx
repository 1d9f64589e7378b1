import type { ChatMessage } from '@rendezvous/contract';
import { useTranslation } from 'react-i18next';
import { useRegionalCode } from '../../../components/profile-fields/labels';
import { ChatTime } from './chat-time';

export interface ShownMessage extends ChatMessage {
  /** Stable across the swap from the optimistic copy to the server's message. */
  key: string;
  pending?: boolean;
  /** Written without a network: waits in the outbox (docs/decisions/020). */
  waiting?: boolean;
  /** The server refused it from the outbox; its error code. */
  notSent?: string;
}

/** The reasons the outbox names in words; any other refusal reads as the generic one. */
const NOT_SENT_REASONS: Record<string, string> = {
  insufficient_credits: 'chats.not_sent_reason.insufficient_credits',
  blocked: 'chats.not_sent_reason.unavailable',
  member_unavailable: 'chats.not_sent_reason.unavailable',
  email_not_confirmed: 'chats.not_sent_reason.email_not_confirmed',
};

export interface MessageListProps {
  messages: readonly ShownMessage[];
  /** The member's own profile id: their messages sit on the end side. */
  me: number;
  otherName: string;
  /** The other member has read up to this message id. */
  readUpTo: number;
  label: string;
  /** Removes a message that was not sent from the device. */
  onDiscard?: (key: string) => void;
}

/**
 * Messages oldest first. Bodies are plain text: React escapes them, line breaks stay through
 * `whitespace-pre-wrap`, and nothing is turned into a link (scam links stay inert).
 */
export function MessageList({ messages, me, otherName, readUpTo, label, onDiscard }: MessageListProps) {
  const { t } = useTranslation();
  const regional = useRegionalCode();
  // "Read" under the newest own message the other member has seen, as messengers do.
  const lastRead = [...messages]
    .reverse()
    .find(
      (message) =>
        message.from === me && !message.pending && !message.waiting && !message.notSent && message.id <= readUpTo,
    );

  return (
    <ol className="flex flex-col gap-2 py-2" aria-label={label}>
      {messages.map((message) => {
        const own = message.from === me;
        return (
          <li key={message.key} className={`flex flex-col ${own ? 'items-end' : 'items-start'}`}>
            <div
              className={`max-w-[85%] rounded-2xl px-3 py-2 sm:max-w-[70%] ${
                own ? 'rounded-ee-sm bg-brand text-on-brand' : 'rounded-es-sm bg-surface-muted text-ink'
              } ${message.pending || message.waiting || message.notSent ? 'opacity-70' : ''}`}
            >
              <span className="sr-only">{own ? t('chats.you_wrote') : t('chats.they_wrote', { name: otherName })}</span>
              {message.erased ? (
                <p className="message-body italic">{t('chats.message_erased')}</p>
              ) : (
                <p className="message-body whitespace-pre-wrap break-words [overflow-wrap:anywhere]">{message.body}</p>
              )}
            </div>
            <p className="mt-0.5 px-1 text-xs text-ink-muted">
              {message.pending ? (
                t('chats.sending')
              ) : message.waiting ? (
                t('chats.waiting_to_send')
              ) : message.notSent ? (
                <span className="font-bold text-danger">
                  {t('chats.not_sent', {
                    reason: t(NOT_SENT_REASONS[message.notSent] ?? 'chats.not_sent_reason.failed'),
                  })}
                  {onDiscard ? (
                    <>
                      {' '}
                      <button type="button" className="text-link" onClick={() => onDiscard(message.key)}>
                        {t('chats.discard')}
                      </button>
                    </>
                  ) : null}
                </span>
              ) : (
                <ChatTime at={message.created_at} regional={regional} />
              )}
              {lastRead && lastRead.key === message.key ? <span> · {t('chats.read')}</span> : null}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
