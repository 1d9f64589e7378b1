import {
  STATS_DEFAULT_HOURS,
  type ConsoleMe,
  type OpenClaim,
  type OperatorStats,
  type StatsResponse,
} from '@rendezvous/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { SelectField } from '../../../../components/ui/select-field';
import { numberFormat } from '../../../../lib/number-format';
import { ConsoleTable } from '../../../components/console-table';
import { ActionGroup } from '../../../components/action-group';
import { LoadState } from '../../../components/load-state';
import { formatDateTime, useRegional } from '../../../lib/regional';
import { INBOX_KEY, assignClaim, releaseClaim } from '../api/queue-calls';
import { statsQueryOptions } from '../api/stats-calls';
import { inboxFailureOf, type InboxNotice } from '../lib/inbox-failure';
import { useInboxLiveUpdates } from '../lib/use-inbox-live-updates';
import { clockOffsetOf, formatWait, useTickingNow } from '../lib/wait-time';
import { WaitClock } from './wait-clock';
import { NoticeStatus } from '../../../components/notice-status';

/** The windows a supervisor looks back over, in hours. */
const WINDOWS_HOURS = [1, 8, STATS_DEFAULT_HOURS, 24 * 7] as const;

const OPERATOR_COLUMNS = [
  'console.inbox.supervision.name',
  'console.inbox.supervision.online',
  'console.inbox.supervision.holds',
  'console.inbox.supervision.answers',
  'console.inbox.supervision.per_hour',
  'console.inbox.supervision.median',
] as const;
const SITE_COLUMNS = [
  'console.inbox.queue.site',
  'console.inbox.supervision.waiting',
  'console.inbox.queue.past_target',
  'console.inbox.supervision.longest_wait',
  'console.inbox.supervision.per_hour',
  'console.inbox.supervision.median',
] as const;
const CLAIM_COLUMNS = [
  'console.inbox.supervision.conversation',
  'console.inbox.supervision.holder',
  'console.inbox.supervision.actions',
] as const;

/**
 * The supervisor's view: who is online and what they hold, how fast each operator and site
 * answers, the longest wait, and every open claim to release, take over or hand to someone else.
 */
export function SupervisionScreen({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [hours, setHours] = useState<number>(STATS_DEFAULT_HOURS);
  const [notice, setNotice] = useState<InboxNotice | null>(null);
  const stats = useQuery(statsQueryOptions(hours));
  useInboxLiveUpdates();
  const now = useTickingNow() + (stats.data ? clockOffsetOf(stats.data.now, stats.dataUpdatedAt) : 0);

  const changed = () => queryClient.invalidateQueries({ queryKey: INBOX_KEY });
  const release = useMutation({
    mutationFn: releaseClaim,
    onMutate: () => setNotice(null),
    onSuccess: changed,
    onError: (error) => setNotice(inboxFailureOf(error)),
  });
  const assign = useMutation({
    mutationFn: ({ conversation, staff }: { conversation: number; staff: number }) => assignClaim(conversation, staff),
    onMutate: () => setNotice(null),
    onSuccess: changed,
    onError: (error) => setNotice(inboxFailureOf(error)),
  });
  const busy = (conversation: number) =>
    (release.isPending && release.variables === conversation) ||
    (assign.isPending && assign.variables?.conversation === conversation);

  return (
    <section aria-labelledby="supervision-title" className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 id="supervision-title" className="heading text-2xl">
          {t('console.inbox.supervision.title')}
        </h1>
        <SelectField
          name="hours"
          label={t('console.inbox.supervision.window')}
          value={String(hours)}
          onChange={(value) => setHours(Number(value))}
          options={WINDOWS_HOURS.map((value) => ({
            value: String(value),
            label: t('console.inbox.supervision.hours', { number: value }),
          }))}
        />
      </div>
      <NoticeStatus notice={notice} />

      <LoadState query={stats} />
      {stats.isSuccess ? (
        <>
          <p className="text-lg">
            {t('console.inbox.supervision.oldest_wait')}{' '}
            {stats.data.oldest_waiting_since ? (
              <WaitClock since={stats.data.oldest_waiting_since} now={now} />
            ) : (
              t('console.inbox.queue.none_waiting')
            )}
          </p>
          <OperatorsTable operators={stats.data.operators} />
          <SitesTable stats={stats.data} now={now} />
          <ClaimsTable
            me={me}
            claims={stats.data.claims}
            operators={stats.data.operators}
            busy={busy}
            onRelease={(conversation) => release.mutate(conversation)}
            onAssign={(conversation, staff) => assign.mutate({ conversation, staff })}
          />
        </>
      ) : null}
    </section>
  );
}

/** How fast answers come, the last two columns of the operators' table and the sites'. */
function AnswerRateCells({ perHour, medianSeconds }: { perHour: number; medianSeconds: number | null }) {
  const { t } = useTranslation();
  const decimal = numberFormat(useRegional(), { maximumFractionDigits: 1 });
  return (
    <>
      <td className="py-2 pe-3">{decimal.format(perHour)}</td>
      <td className="py-2">
        {medianSeconds === null ? t('console.inbox.supervision.none') : formatWait(medianSeconds * 1000)}
      </td>
    </>
  );
}

function OperatorsTable({ operators }: { operators: readonly OperatorStats[] }) {
  const { t } = useTranslation();
  const regional = useRegional();
  return (
    <ConsoleTable
      caption={t('console.inbox.supervision.operators')}
      captionShown
      columns={OPERATOR_COLUMNS.map((column) => t(column))}
      className="min-w-[40rem] text-sm"
    >
      {operators.map((operator) => (
        <tr key={operator.staff.id} className="border-b border-line">
          <th scope="row" className="py-2 pe-3 font-normal">
            <span className="font-semibold" translate="no">
              {operator.staff.name}
            </span>{' '}
            · {t(`console.roles.${operator.staff.role}`)}
          </th>
          <td className="py-2 pe-3">
            {operator.online
              ? t('console.inbox.supervision.is_online')
              : operator.last_seen_at
                ? t('console.inbox.supervision.last_seen', {
                    time: formatDateTime(Date.parse(operator.last_seen_at), regional),
                  })
                : t('console.inbox.supervision.never_seen')}
          </td>
          <td className="py-2 pe-3">
            {t('console.inbox.supervision.holds_value', { claims: operator.claims, capacity: operator.capacity })}
          </td>
          <td className="py-2 pe-3">{operator.answers}</td>
          <AnswerRateCells perHour={operator.answers_per_hour} medianSeconds={operator.median_answer_seconds} />
        </tr>
      ))}
    </ConsoleTable>
  );
}

function SitesTable({ stats, now }: { stats: StatsResponse; now: number }) {
  const { t } = useTranslation();
  return (
    <ConsoleTable
      caption={t('console.inbox.supervision.sites')}
      captionShown
      columns={SITE_COLUMNS.map((column) => t(column))}
      className="min-w-[40rem] text-sm"
    >
      {stats.sites.map((site) => (
        <tr key={site.counters.site_id} className="border-b border-line">
          <th scope="row" className="py-2 pe-3 font-semibold" translate="no">
            {site.counters.name}
          </th>
          <td className="py-2 pe-3">
            {t('console.inbox.supervision.waiting_value', {
              waiting: site.counters.waiting,
              claimed: site.counters.claimed,
            })}
          </td>
          <td className={`py-2 pe-3 ${site.counters.past_target > 0 ? 'font-semibold text-danger' : ''}`}>
            {site.counters.past_target}
          </td>
          <td className="py-2 pe-3">
            {site.counters.oldest_waiting_since ? (
              <WaitClock since={site.counters.oldest_waiting_since} now={now} />
            ) : (
              t('console.inbox.supervision.none')
            )}
          </td>
          <AnswerRateCells perHour={site.answers_per_hour} medianSeconds={site.median_answer_seconds} />
        </tr>
      ))}
    </ConsoleTable>
  );
}

function ClaimsTable({
  me,
  claims,
  operators,
  busy,
  onRelease,
  onAssign,
}: {
  me: ConsoleMe;
  claims: readonly OpenClaim[];
  operators: readonly OperatorStats[];
  busy: (conversation: number) => boolean;
  onRelease: (conversation: number) => void;
  onAssign: (conversation: number, staff: number) => void;
}) {
  const { t } = useTranslation();
  const regional = useRegional();
  return (
    <ConsoleTable
      caption={t('console.inbox.supervision.claims')}
      captionShown
      columns={CLAIM_COLUMNS.map((column) => t(column))}
      className="min-w-[44rem] text-sm"
    >
      {claims.length === 0 ? (
        <tr>
          <td colSpan={3} className="py-2 text-ink-muted">
            {t('console.inbox.supervision.no_claims')}
          </td>
        </tr>
      ) : null}
      {claims.map((claim) => (
        <ClaimRow
          key={claim.conversation}
          me={me}
          claim={claim}
          operators={operators}
          busy={busy(claim.conversation)}
          since={formatDateTime(Date.parse(claim.claim.claimed_at), regional)}
          onRelease={() => onRelease(claim.conversation)}
          onAssign={(staff) => onAssign(claim.conversation, staff)}
        />
      ))}
    </ConsoleTable>
  );
}

function ClaimRow({
  me,
  claim,
  operators,
  busy,
  since,
  onRelease,
  onAssign,
}: {
  me: ConsoleMe;
  claim: OpenClaim;
  operators: readonly OperatorStats[];
  busy: boolean;
  since: string;
  onRelease: () => void;
  onAssign: (staff: number) => void;
}) {
  const { t } = useTranslation();
  const others = operators.filter((operator) => operator.staff.id !== claim.claim.staff.id);
  const [to, setTo] = useState('');
  const names = { member: claim.member.name, persona: claim.persona.name };
  return (
    <tr className="border-b border-line align-top">
      <th scope="row" className="py-2 pe-3 font-normal">
        <Link to={`/console/inbox/conversations/${claim.conversation}`} className="underline">
          <span translate="no">{t('console.inbox.queue.row', names)}</span>
        </Link>
      </th>
      <td className="py-2 pe-3">
        <span className="font-semibold" translate="no">
          {claim.claim.staff.name}
        </span>
        <br />
        {t('console.inbox.supervision.since', { time: since })}
      </td>
      <td className="py-2">
        <ActionGroup label={t('console.inbox.supervision.actions_for', names)} className="items-end">
          <Button size="sm" variant="secondary" loading={busy} onClick={onRelease}>
            {t('console.inbox.supervision.release')}
          </Button>
          {claim.claim.staff.id === me.id ? null : (
            <Button size="sm" variant="secondary" loading={busy} onClick={() => onAssign(me.id)}>
              {t('console.inbox.workspace.take_over')}
            </Button>
          )}
          <SelectField
            name={`assign-${claim.conversation}`}
            label={t('console.inbox.supervision.hand_to')}
            value={to}
            onChange={setTo}
            placeholder={t('console.inbox.supervision.choose_operator')}
            options={others.map((operator) => ({ value: String(operator.staff.id), label: operator.staff.name }))}
          />
          <Button size="sm" variant="ghost" loading={busy} disabled={to === ''} onClick={() => onAssign(Number(to))}>
            {t('console.inbox.supervision.hand_over')}
          </Button>
        </ActionGroup>
      </td>
    </tr>
  );
}
