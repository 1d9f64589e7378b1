import type { ChatProfile, MessagesResponse } from '@rendezvous/contract';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { useWebContext } from '../../../lib/use-web-context';
import { NAMED_ROUTES } from '../../../route-table';
import { readDraft } from '../drafts';
import { useConversation, type SendOutcome } from '../hooks/use-conversation';
import { ChatAvatar } from './chat-avatar';
import { EmailNotConfirmedNotice } from './email-not-confirmed-notice';
import { MessageComposer } from './message-composer';
import { MessageList } from './message-list';

/** Closer to the top than this, scrolling up fetches the page of older messages. */
const LOAD_OLDER_THRESHOLD_PX = 80;
/** Closer to the bottom than this, a new message scrolls into view by itself. */
const STICK_TO_BOTTOM_PX = 120;

export interface ConversationProps {
  conversationId: number;
  /** Header actions about the other member (block, report), composed by the route. */
  renderActions?: (profile: ChatProfile) => ReactNode;
  /** Shown under the composer: what one message costs. */
  costNote?: ReactNode;
  /** The message was not sent for lack of credits; its text is kept as a draft. */
  onInsufficientCredits: () => void;
  onMessageSent?: (balance: number) => void;
  /** Sends the activation mail again, offered when a message needs a confirmed address first. */
  onResendActivation?: () => Promise<void>;
  /** The conversation was marked read, so the list's unread count changed. */
  onRead?: () => void;
  /** The newest page of messages when the server already read it. */
  initialPage?: MessagesResponse | null;
}

type ScrollIntent = { to: 'bottom' } | { to: 'keep'; height: number; top: number } | null;

export function Conversation({
  conversationId,
  renderActions,
  costNote,
  onInsufficientCredits,
  onMessageSent,
  onResendActivation,
  onRead,
  initialPage = null,
}: ConversationProps) {
  const { t } = useTranslation();
  const { user, settings } = useWebContext();
  const me = user?.profile.id ?? 0;
  const conversation = useConversation(conversationId, me, { onRead, onSent: onMessageSent }, initialPage);
  const { status, profile, messages, older, loadingOlder } = conversation;
  const [notConfirmed, setNotConfirmed] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const intent = useRef<ScrollIntent>({ to: 'bottom' });
  const [initialDraft] = useState(() => readDraft(conversationId));

  // Runs before paint: older messages appear above without the view jumping, new ones below scroll in.
  useLayoutEffect(() => {
    const element = scroller.current;
    const next = intent.current;
    if (!element) return;
    if (next?.to === 'keep') element.scrollTop = element.scrollHeight - next.height + next.top;
    else if (
      next?.to === 'bottom' ||
      element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX * 2
    ) {
      element.scrollTop = element.scrollHeight;
    }
    if (messages.length > 0) intent.current = null;
  }, [messages]);

  // The list gets shorter when the keyboard opens (or the phone turns): a member reading the
  // latest message keeps it in view rather than finding it under the composer.
  const atBottom = useRef(true);
  const shown = profile !== null;
  useEffect(() => {
    const element = scroller.current;
    if (!shown || !element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);

  const loadOlder = () => {
    const element = scroller.current;
    if (element) intent.current = { to: 'keep', height: element.scrollHeight, top: element.scrollTop };
    void conversation.loadOlder();
  };

  const handleScroll = (event: UIEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
    if (event.currentTarget.scrollTop < LOAD_OLDER_THRESHOLD_PX && older !== null && !loadingOlder) loadOlder();
  };

  /** Whether the message went out; a failure the server did not explain rejects, and the composer says so. */
  const send = async (body: string): Promise<boolean> => {
    intent.current = { to: 'bottom' };
    let outcome: SendOutcome | null = null;
    try {
      outcome = await conversation.send(body);
      if (outcome === 'insufficient_credits') onInsufficientCredits();
      return outcome === 'sent' || outcome === 'queued';
    } finally {
      setNotConfirmed(outcome === 'email_not_confirmed');
    }
  };

  if (status === 'loading' || !profile) {
    if (status === 'not_found' || status === 'error') {
      return (
        <div className="mx-auto max-w-md space-y-4 py-8 text-center">
          <FormAlert>
            {t(status === 'not_found' ? 'chats.conversation_not_found' : 'chats.conversation_failed')}
          </FormAlert>
          <div className="flex flex-wrap justify-center gap-3">
            {status === 'error' ? (
              <Button variant="secondary" onClick={conversation.retry}>
                {t('chats.retry')}
              </Button>
            ) : null}
            <ButtonLink variant="ghost" to="/chats">
              {t('chats.back_to_list')}
            </ButtonLink>
          </div>
        </div>
      );
    }
    return (
      <p role="status" className="py-8 text-center text-ink-muted">
        {t('chats.conversation_loading')}
      </p>
    );
  }

  const profileLink = NAMED_ROUTES['members-memberId'](profile.id);
  const place = [profile.age, profile.city].filter((part) => part !== null && part !== '').join(', ');

  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-labelledby={`conversation-${conversationId}-title`}>
      <header className="flex items-center gap-2 border-b border-line pb-2">
        <Link to="/chats" className="btn btn-ghost btn-sm shrink-0 px-2 md:hidden" aria-label={t('chats.back_to_list')}>
          <span aria-hidden="true">←</span>
        </Link>
        <ChatAvatar profile={profile} cdnPrefix={settings.cdn_prefix} size="sm" />
        <div className="min-w-0 flex-1">
          <h2 id={`conversation-${conversationId}-title`} className="heading text-lg">
            <Link
              to={profileLink}
              className="text-link block truncate"
              translate="no"
              title={t('chats.view_profile', { name: profile.name })}
            >
              {profile.name}
            </Link>
          </h2>
          {place ? <p className="truncate text-sm text-ink-muted">{place}</p> : null}
        </div>
        {renderActions ? <div className="shrink-0">{renderActions(profile)}</div> : null}
      </header>

      {/* A region of its own, focusable, so the messages scroll by keyboard too (WCAG 2.1.1). */}
      <div
        ref={scroller}
        role="region"
        aria-label={t('chats.messages_label', { name: profile.name })}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to scroll by keyboard
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-1"
        onScroll={handleScroll}
      >
        {older !== null ? (
          <div className="flex justify-center pt-2">
            <Button variant="ghost" size="sm" loading={loadingOlder} onClick={loadOlder}>
              {loadingOlder ? t('chats.loading_older') : t('chats.load_older')}
            </Button>
          </div>
        ) : messages.length > 0 ? (
          <p className="pt-2 text-center text-sm text-ink-muted">{t('chats.start_of_conversation')}</p>
        ) : (
          <p className="pt-6 text-center text-ink-muted">{t('chats.no_messages_yet', { name: profile.name })}</p>
        )}
        <MessageList
          messages={messages}
          me={me}
          otherName={profile.name}
          readUpTo={conversation.readUpTo}
          label={t('chats.messages_label', { name: profile.name })}
          onDiscard={(key) => void conversation.discard(key)}
        />
      </div>

      {/* New messages are read out as they come; the list itself is not a live region (it would read all of it). */}
      <p className="sr-only" aria-live="polite">
        {conversation.arrived ? `${t('chats.they_wrote', { name: profile.name })} ${conversation.arrived.body}` : ''}
      </p>
      {notConfirmed ? <EmailNotConfirmedNotice onResend={onResendActivation} /> : null}
      {profile.available ? (
        <MessageComposer
          label={t('chats.message_label', { name: profile.name })}
          initialDraft={initialDraft}
          onSend={send}
          note={costNote}
        />
      ) : (
        <p role="status" className="form-notice mt-2">
          {t('chats.unavailable', { name: profile.name })}
        </p>
      )}
    </section>
  );
}
