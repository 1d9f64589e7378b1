import {
  LOCALES,
  isPastTarget,
  type ConsoleMe,
  type QueueItem,
  type QueueQuery,
  type SiteCounters,
} from '@rendezvous/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { SelectField } from '../../../../components/ui/select-field';
import { queueQueryOptions } from '../api/queue-calls';
import { clockOffsetOf, useTickingNow } from '../lib/wait-time';
import { WaitClock } from './wait-clock';

export interface QueuePanelProps {
  me: ConsoleMe;
  /** Supervisors see every site and language. */
  seesAll: boolean;
  filters: QueueQuery;
  onFilters: (filters: QueueQuery) => void;
  /** The link to a conversation in the workspace. */
  pathOf: (conversation: number) => string;
  /** The conversation open in the workspace, marked in the list. */
  open: number | null;
  onTake: (conversation: number) => void;
  /** The conversation being taken, while it is. */
  taking: number | null;
}

/**
 * The queue: who waits for an answer, oldest first, with the counters per site. Waits count up
 * every second on the server's clock; a conversation past its site's target is marked.
 */
export function QueuePanel({ me, seesAll, filters, onFilters, pathOf, open, onTake, taking }: QueuePanelProps) {
  const { t } = useTranslation();
  const queue = useQuery(queueQueryOptions(filters));
  const now = useTickingNow() + (queue.data ? clockOffsetOf(queue.data.now, queue.dataUpdatedAt) : 0);
  const counters = queue.data?.counters ?? [];
  const targetOf = (site: number) => counters.find((counter) => counter.site_id === site)?.answer_target_seconds;
  const languages = seesAll ? LOCALES : me.languages;

  return (
    <section aria-labelledby="inbox-queue-title" className="card min-w-0 space-y-4 p-4">
      <h2 id="inbox-queue-title" className="heading text-xl">
        {t('console.inbox.queue.title')}
      </h2>
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          name="site"
          label={t('console.inbox.queue.site')}
          value={filters.site ?? ''}
          onChange={(site) => onFilters({ ...filters, site: site || undefined })}
          placeholder={t('console.inbox.queue.all_sites')}
          options={counters.map((counter) => ({ value: String(counter.site_id), label: counter.name }))}
          translate="no"
        />
        <SelectField
          name="language"
          label={t('console.inbox.queue.language')}
          value={filters.language ?? ''}
          onChange={(language) => onFilters({ ...filters, language: language || undefined })}
          placeholder={t('console.inbox.queue.all_languages')}
          options={languages.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
        />
      </div>

      {queue.isPending ? <p role="status">{t('console.loading')}</p> : null}
      {queue.isError ? (
        <div role="alert" className="space-y-2">
          <p>{t('console.load_failed')}</p>
          <Button size="sm" variant="secondary" onClick={() => void queue.refetch()}>
            {t('console.retry')}
          </Button>
        </div>
      ) : null}
      {queue.isSuccess ? (
        <>
          <SiteCounterList counters={counters} now={now} />
          {queue.data.items.length === 0 ? (
            <p className="text-ink-muted">{t('console.inbox.queue.empty')}</p>
          ) : (
            <ol
              aria-label={t('console.inbox.queue.list_label')}
              className="max-h-[50vh] space-y-2 overflow-y-auto lg:max-h-[60vh]"
            >
              {queue.data.items.map((item) => (
                <QueueRow
                  key={item.conversation}
                  item={item}
                  me={me}
                  now={now}
                  targetSeconds={targetOf(item.site_id)}
                  path={pathOf(item.conversation)}
                  open={item.conversation === open}
                  onTake={() => onTake(item.conversation)}
                  taking={taking === item.conversation}
                />
              ))}
            </ol>
          )}
        </>
      ) : null}
    </section>
  );
}

function SiteCounterList({ counters, now }: { counters: readonly SiteCounters[]; now: number }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('console.inbox.queue.counters_label')} className="space-y-2 text-sm">
      {counters.map((counter) => (
        <li key={counter.site_id} className="rounded border border-line p-2">
          <span className="font-semibold" translate="no">
            {counter.name}
          </span>
          <span className="flex flex-wrap gap-x-3">
            <span>{t('console.inbox.queue.waiting_count', { number: counter.waiting })}</span>
            <span>{t('console.inbox.queue.claimed_count', { number: counter.claimed })}</span>
            <span className={counter.past_target > 0 ? 'font-semibold text-danger' : undefined}>
              {t('console.inbox.queue.past_target_count', { number: counter.past_target })}
            </span>
            <span>
              {t('console.inbox.queue.oldest')}{' '}
              {counter.oldest_waiting_since ? (
                <WaitClock since={counter.oldest_waiting_since} now={now} />
              ) : (
                t('console.inbox.queue.none_waiting')
              )}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function QueueRow({
  item,
  me,
  now,
  targetSeconds,
  path,
  open,
  onTake,
  taking,
}: {
  item: QueueItem;
  me: ConsoleMe;
  now: number;
  targetSeconds: number | undefined;
  path: string;
  open: boolean;
  onTake: () => void;
  taking: boolean;
}) {
  const { t } = useTranslation();
  // Counted live: a row crosses the target while the operator looks at it.
  const late = targetSeconds === undefined ? item.past_target : isPastTarget(item.waiting_since, targetSeconds, now);
  const names = { member: item.member.name, persona: item.persona.name };
  // A claim lapses without anyone saying so (docs/decisions/011): past its time the row is free.
  const claim = item.claim && Date.parse(item.claim.expires_at) > now ? item.claim : null;

  return (
    <li
      className={`rounded border p-2 ${late ? 'border-danger bg-danger-soft' : 'border-line'} ${open ? 'ring-2 ring-brand' : ''}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        <Link to={path} className="font-semibold underline" aria-current={open ? 'page' : undefined}>
          <span translate="no">{t('console.inbox.queue.row', names)}</span>
        </Link>
        <span className="text-sm text-ink-muted">{t(`languages.${item.language}`)}</span>
      </div>
      <p className="truncate text-sm" translate="no">
        {item.last_message.body}
      </p>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-2 text-sm">
        <span>
          {t('console.inbox.queue.waiting')} <WaitClock since={item.waiting_since} now={now} />
          {late ? <strong className="ms-2 text-danger">{t('console.inbox.queue.past_target')}</strong> : null}
          <span className="ms-2 text-ink-muted">
            {t('console.inbox.queue.unanswered', { number: item.waiting_messages })}
          </span>
        </span>
        {claim ? (
          <span>
            {claim.staff.id === me.id ? (
              t('console.inbox.queue.held_by_you')
            ) : (
              <>
                {t('console.inbox.queue.held_by')}{' '}
                <span className="font-semibold" translate="no">
                  {claim.staff.name}
                </span>
              </>
            )}
          </span>
        ) : (
          <Button size="sm" variant="secondary" loading={taking} onClick={onTake}>
            {t('console.inbox.queue.take')}
            <span className="sr-only"> {t('console.inbox.queue.row', names)}</span>
          </Button>
        )}
      </div>
    </li>
  );
}
