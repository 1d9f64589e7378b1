import type { ConsoleMessage, ConversationView } from '@rendezvous/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { formatDateTime, useRegional } from '../../../lib/regional';
import { olderMessagesQueryOptions } from '../api/conversation-calls';

/**
 * The whole history between the member and the persona, oldest at the top: the view's latest
 * page, and older pages as the operator asks for them. Persona messages say which operator
 * wrote them (members never see that).
 */
export function MessageHistory({ view }: { view: ConversationView }) {
  const { t } = useTranslation();
  const [wantsOlder, setWantsOlder] = useState(false);
  const older = useInfiniteQuery({
    ...olderMessagesQueryOptions(view.conversation.id, view.older ?? 0),
    enabled: wantsOlder && view.older !== null,
  });
  const olderMessages = [...(older.data?.pages ?? [])].reverse().flatMap((page) => page.messages);
  const moreOlder = view.older !== null && (!wantsOlder || older.hasNextPage);
  const names = { member: view.member.name, persona: view.persona.name };

  // The newest message in view, as in any chat; older pages load above without moving it.
  const list = useRef<HTMLDivElement>(null);
  const newest = view.messages.at(-1)?.id;
  useLayoutEffect(() => {
    const box = list.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [newest]);

  return (
    <div ref={list} className="max-h-[55vh] min-h-40 overflow-y-auto rounded border border-line p-3">
      {moreOlder ? (
        <Button
          size="sm"
          variant="ghost"
          className="mb-2"
          loading={older.isFetching}
          onClick={() => (wantsOlder ? void older.fetchNextPage() : setWantsOlder(true))}
        >
          {t('console.inbox.history.older')}
        </Button>
      ) : null}
      {older.isError ? <p role="alert">{t('console.load_failed')}</p> : null}
      <ol aria-label={t('console.inbox.history.label', names)} className="space-y-3">
        {[...olderMessages, ...view.messages].map((message) => (
          <MessageItem key={message.id} message={message} names={names} />
        ))}
      </ol>
    </div>
  );
}

function MessageItem({ message, names }: { message: ConsoleMessage; names: { member: string; persona: string } }) {
  const { t } = useTranslation();
  const regional = useRegional();
  const fromMember = message.from === 'member';
  return (
    <li className={`max-w-[85%] rounded p-2 ${fromMember ? 'bg-surface-muted' : 'ms-auto bg-brand-soft'}`}>
      <p className="text-xs text-ink-muted">
        <span className="font-semibold" translate="no">
          {fromMember ? names.member : names.persona}
        </span>{' '}
        · {formatDateTime(Date.parse(message.created_at), regional)}
        {message.written_by ? (
          <>
            {' '}
            · {t('console.inbox.history.written_by')} <span translate="no">{message.written_by.name}</span>
          </>
        ) : null}
        {message.awaiting ? <strong className="ms-2 text-danger">{t('console.inbox.history.awaiting')}</strong> : null}
      </p>
      <p className="whitespace-pre-wrap break-words" translate="no">
        {message.body}
      </p>
    </li>
  );
}
