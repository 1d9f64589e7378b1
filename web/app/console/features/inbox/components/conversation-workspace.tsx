import { isPastTarget, type ConsoleMe, type ConversationView } from '@rendezvous/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { ApiError } from '../../../../lib/api-client';
import { conversationQueryOptions } from '../api/conversation-calls';
import { SHORTCUT_KEYS } from '../lib/shortcuts';
import { clockOffsetOf, useTickingNow } from '../lib/wait-time';
import { Composer } from './composer';
import { MemberPanel } from './member-panel';
import { MessageHistory } from './message-history';
import { PersonaSheet } from './persona-sheet';
import { WaitClock } from './wait-clock';

/** A lapsed claim is read again this long after its time, so the server surely counts it lapsed. */
const CLAIM_LAPSE_MARGIN_MS = 1_000;

/** Whose the conversation is now, seen by the operator looking at it. */
type Hold = { kind: 'mine' } | { kind: 'free' } | { kind: 'other'; name: string };

const holdOf = (view: ConversationView, me: ConsoleMe): Hold =>
  !view.claim
    ? { kind: 'free' }
    : view.claim.staff.id === me.id
      ? { kind: 'mine' }
      : { kind: 'other', name: view.claim.staff.name };

export interface ConversationWorkspaceProps {
  conversation: number;
  me: ConsoleMe;
  /** May take over someone else's claim (inbox.supervise). */
  supervises: boolean;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  pathOf: (conversation: number) => string;
  onTake: () => void;
  onTakeOver: () => void;
  onRelease: () => void;
  /** A claim change on its way for this conversation. */
  busy: boolean;
}

/** One open conversation: its history, the composer, the persona sheet and the member panel. */
export function ConversationWorkspace({
  conversation,
  me,
  supervises,
  textareaRef,
  pathOf,
  onTake,
  onTakeOver,
  onRelease,
  busy,
}: ConversationWorkspaceProps) {
  const { t } = useTranslation();
  const view = useQuery(conversationQueryOptions(conversation));
  const heading = useRef<HTMLHeadingElement>(null);
  const offset = view.data ? clockOffsetOf(view.data.now, view.dataUpdatedAt) : 0;
  const serverNow = () => Date.now() + offset;

  // Nothing announces a claim that lapses (docs/decisions/011): read the conversation again then.
  const expiresAt = view.data?.claim?.expires_at;
  const { refetch } = view;
  useEffect(() => {
    if (!expiresAt) return;
    const untilLapsed = Math.max(0, Date.parse(expiresAt) - (Date.now() + offset));
    const timer = setTimeout(() => void refetch(), untilLapsed + CLAIM_LAPSE_MARGIN_MS);
    return () => clearTimeout(timer);
  }, [expiresAt, offset, refetch]);

  if (view.isPending) return <p role="status">{t('console.loading')}</p>;
  if (view.isError) {
    const unknown = view.error instanceof ApiError && view.error.status === 404;
    return (
      <div role="alert" className="space-y-2">
        <p>{t(unknown ? 'console.inbox.workspace.not_found' : 'console.load_failed')}</p>
        {unknown ? null : (
          <Button size="sm" variant="secondary" onClick={() => void view.refetch()}>
            {t('console.retry')}
          </Button>
        )}
      </div>
    );
  }

  const data = view.data;
  const hold = holdOf(data, me);
  const names = { member: data.member.name, persona: data.persona.name };
  const blocked = !data.can_reply
    ? t('console.inbox.workspace.unreachable')
    : hold.kind === 'other'
      ? t('console.inbox.workspace.held_by_other', { name: hold.name })
      : hold.kind === 'free'
        ? t('console.inbox.workspace.take_first')
        : null;

  return (
    <article aria-labelledby="inbox-conversation-title" className="space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="inbox-conversation-title" ref={heading} tabIndex={-1} className="heading text-xl">
            <span translate="no">{t('console.inbox.queue.row', names)}</span>
          </h2>
          <ConversationStatus view={data} dataUpdatedAt={view.dataUpdatedAt} />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {hold.kind === 'mine' ? (
            <Button variant="secondary" loading={busy} onClick={onRelease} aria-keyshortcuts={SHORTCUT_KEYS.release}>
              {t('console.inbox.workspace.release')}{' '}
              <kbd translate="no" aria-hidden="true">
                {SHORTCUT_KEYS.release.toUpperCase()}
              </kbd>
            </Button>
          ) : null}
          {hold.kind === 'free' ? (
            <Button loading={busy} onClick={onTake}>
              {t('console.inbox.workspace.take')}
            </Button>
          ) : null}
          {hold.kind === 'other' && supervises ? (
            <Button variant="secondary" loading={busy} onClick={onTakeOver}>
              {t('console.inbox.workspace.take_over')}
            </Button>
          ) : null}
        </div>
      </header>

      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 space-y-4">
          <MessageHistory view={data} />
          <Composer
            view={data}
            writable={blocked === null}
            blocked={blocked}
            textareaRef={textareaRef}
            serverNow={serverNow}
            onLeave={() => heading.current?.focus()}
          />
        </div>
        <div className="min-w-0 space-y-4">
          <PersonaSheet persona={data.persona} />
          <MemberPanel view={data} pathOf={pathOf} />
        </div>
      </div>
    </article>
  );
}

/** Who holds the conversation and how long the member has waited. */
function ConversationStatus({ view, dataUpdatedAt }: { view: ConversationView; dataUpdatedAt: number }) {
  const { t } = useTranslation();
  const now = useTickingNow() + clockOffsetOf(view.now, dataUpdatedAt);
  return (
    <p className="text-sm text-ink-muted">
      {view.claim ? (
        <>
          {t('console.inbox.queue.held_by')}{' '}
          <span className="font-semibold" translate="no">
            {view.claim.staff.name}
          </span>
        </>
      ) : (
        t('console.inbox.workspace.free')
      )}
      {view.waiting_since ? (
        <>
          {' · '}
          {t('console.inbox.queue.waiting')} <WaitClock since={view.waiting_since} now={now} />
          {isPastTarget(view.waiting_since, view.answer_target_seconds, now) ? (
            <strong className="ms-2 text-danger">{t('console.inbox.queue.past_target')}</strong>
          ) : null}
        </>
      ) : null}
    </p>
  );
}
