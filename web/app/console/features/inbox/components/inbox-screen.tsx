import { type ConsoleMe, type QueueQuery } from '@rendezvous/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { conversationKey, conversationQueryOptions } from '../api/conversation-calls';
import {
  CLAIMS_KEY,
  QUEUE_KEY,
  assignClaim,
  claimConversation,
  ownClaimsQueryOptions,
  releaseClaim,
  takeNext,
} from '../api/queue-calls';
import { inboxFailureOf, type InboxNotice } from '../lib/inbox-failure';
import { SHORTCUT_KEYS, useShortcuts, useSingleKeyShortcuts } from '../lib/shortcuts';
import { useInboxLiveUpdates } from '../lib/use-inbox-live-updates';
import { ConversationWorkspace } from './conversation-workspace';
import { QueuePanel } from './queue-panel';
import { WorkspaceTabs, type WorkspaceTab } from './workspace-tabs';
import { NoticeStatus } from '../../../components/notice-status';

// Opened on demand: most of a shift is spent in the queue and the composer.
const ShortcutHelp = lazy(() => import('./shortcut-help').then((module) => ({ default: module.ShortcutHelp })));
const PersonalSnippets = lazy(() =>
  import('./personal-snippets').then((module) => ({ default: module.PersonalSnippets })),
);

export const INBOX_PATH = '/console/inbox';

type Dialog = 'help' | 'snippets' | null;

/**
 * The operator's inbox: the queue beside the workspace, whose tabs are the operator's open
 * claims (and a conversation only looked at). Everything has a key (`?` lists them).
 */
export function InboxScreen({ me, open, supervises }: { me: ConsoleMe; open: number | null; supervises: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [notice, setNotice] = useState<InboxNotice | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [singleKeys] = useSingleKeyShortcuts();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  useInboxLiveUpdates();

  const filters: QueueQuery = { site: params.get('site') ?? undefined, language: params.get('language') ?? undefined };
  const search = params.size > 0 ? `?${params}` : '';
  const pathOf = (conversation: number) => `${INBOX_PATH}/conversations/${conversation}${search}`;
  const goTo = (conversation: number | null) =>
    void navigate(conversation === null ? `${INBOX_PATH}${search}` : pathOf(conversation));

  const claims = useQuery(ownClaimsQueryOptions());
  const tabs: WorkspaceTab[] = (claims.data?.claims ?? []).map((claim) => ({
    conversation: claim.conversation,
    member: claim.member.name,
    persona: claim.persona.name,
    waiting: claim.waiting_since !== null,
    held: true,
  }));
  const holdsOpen = open !== null && tabs.some((tab) => tab.conversation === open);
  // The workspace reads the same answer: this asks nothing more.
  const looked = useQuery({ ...conversationQueryOptions(open ?? 0), enabled: open !== null });
  if (open !== null && !holdsOpen && looked.data) {
    tabs.push({
      conversation: open,
      member: looked.data.member.name,
      persona: looked.data.persona.name,
      waiting: looked.data.waiting_since !== null,
      held: false,
    });
  }

  /** After any claim change: the queue and the tabs are read again, and the open conversation. */
  const refresh = (conversation: number | null) => {
    void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
    void queryClient.invalidateQueries({ queryKey: CLAIMS_KEY });
    if (conversation !== null) void queryClient.invalidateQueries({ queryKey: conversationKey(conversation) });
  };
  const failed = (error: unknown) => setNotice(inboxFailureOf(error));

  const next = useMutation({
    mutationFn: takeNext,
    onMutate: () => setNotice(null),
    onSuccess: ({ claim }) => {
      refresh(claim?.conversation ?? null);
      if (claim) goTo(claim.conversation);
      else setNotice({ key: 'console.inbox.nothing_waiting' });
    },
    onError: failed,
  });
  const take = useMutation({
    mutationFn: claimConversation,
    onMutate: () => setNotice(null),
    onSuccess: ({ conversation }) => {
      refresh(conversation);
      goTo(conversation);
    },
    onError: (error, conversation) => {
      failed(error);
      refresh(conversation);
    },
  });
  const takeOver = useMutation({
    mutationFn: (conversation: number) => assignClaim(conversation, me.id),
    onMutate: () => setNotice(null),
    onSuccess: ({ conversation }) => refresh(conversation),
    onError: (error, conversation) => {
      failed(error);
      refresh(conversation);
    },
  });
  const release = useMutation({
    mutationFn: releaseClaim,
    onMutate: () => setNotice(null),
    onSuccess: (_, conversation) => {
      refresh(conversation);
      const others = tabs.filter((tab) => tab.held && tab.conversation !== conversation);
      goTo(others[0]?.conversation ?? null);
    },
    onError: (error, conversation) => {
      failed(error);
      refresh(conversation);
    },
  });

  const step = (by: 1 | -1) => {
    if (tabs.length === 0) return;
    const at = tabs.findIndex((tab) => tab.conversation === open);
    const target = at === -1 ? (by === 1 ? 0 : tabs.length - 1) : (at + by + tabs.length) % tabs.length;
    goTo(tabs[target]!.conversation);
  };

  useShortcuts(
    {
      takeNext: () => next.mutate(),
      next: () => step(1),
      previous: () => step(-1),
      composer: () => textareaRef.current?.focus(),
      release: () => {
        if (open !== null && holdsOpen) release.mutate(open);
      },
      help: () => setDialog('help'),
    },
    singleKeys,
  );

  const claimBusy = (conversation: number) =>
    [take, takeOver, release].some((mutation) => mutation.isPending && mutation.variables === conversation);

  return (
    <section aria-labelledby="inbox-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="inbox-title" className="heading text-2xl">
          {t('console.inbox.title')}
        </h1>
        <div className="flex flex-wrap gap-2">
          <Button loading={next.isPending} onClick={() => next.mutate()} aria-keyshortcuts={SHORTCUT_KEYS.takeNext}>
            {t('console.inbox.take_next')}{' '}
            <kbd translate="no" aria-hidden="true">
              {SHORTCUT_KEYS.takeNext.toUpperCase()}
            </kbd>
          </Button>
          <Button variant="secondary" onClick={() => setDialog('snippets')}>
            {t('console.inbox.snippets.mine')}
          </Button>
          <Button variant="ghost" onClick={() => setDialog('help')} aria-keyshortcuts={SHORTCUT_KEYS.help}>
            {t('console.inbox.shortcuts.open')}{' '}
            <kbd translate="no" aria-hidden="true">
              {SHORTCUT_KEYS.help}
            </kbd>
          </Button>
        </div>
      </div>
      <NoticeStatus notice={notice} />

      <div className="grid gap-4 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <QueuePanel
          me={me}
          seesAll={supervises}
          filters={filters}
          onFilters={(changed) =>
            setParams(
              Object.fromEntries(
                Object.entries(changed).filter((entry): entry is [string, string] => Boolean(entry[1])),
              ),
            )
          }
          pathOf={pathOf}
          open={open}
          onTake={(conversation) => take.mutate(conversation)}
          taking={take.isPending ? take.variables : null}
        />
        <div className="min-w-0 space-y-4">
          <WorkspaceTabs tabs={tabs} open={open} pathOf={pathOf} />
          {open === null ? (
            <p className="card p-4 text-ink-muted">{t('console.inbox.choose')}</p>
          ) : (
            <ConversationWorkspace
              key={open}
              conversation={open}
              me={me}
              supervises={supervises}
              textareaRef={textareaRef}
              pathOf={pathOf}
              onTake={() => take.mutate(open)}
              onTakeOver={() => takeOver.mutate(open)}
              onRelease={() => release.mutate(open)}
              busy={claimBusy(open)}
            />
          )}
        </div>
      </div>

      <Suspense fallback={null}>
        {dialog === 'help' ? <ShortcutHelp onClose={() => setDialog(null)} /> : null}
        {dialog === 'snippets' ? <PersonalSnippets onClose={() => setDialog(null)} /> : null}
      </Suspense>
    </section>
  );
}
