import type { Adjustment, ConsoleMe, MemberAdminDetail } from '@rendezvous/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Section } from '../../../../components/ui/section';
import { ConsoleTable } from '../../../components/console-table';
import { LoadState } from '../../../components/load-state';
import { NoticeStatus, type ConsoleNotice } from '../../../components/notice-status';
import { StaffNoteList } from '../../../components/staff-note-list';
import { mayDo } from '../../../lib/console-session';
import { formatDateTime, formatMinorMoney, useRegional } from '../../../lib/regional';
import { addMemberNote, memberQueryOptions, MEMBERS_KEY } from '../api/member-calls';
import { memberFailureOf } from '../lib/member-failure';
import { AccountActions } from './account-actions';
import { AdjustmentSummary } from './adjustment-summary';
import { CreditBackForm, GrantForm, RefundForm } from './adjustment-forms';
import { MEMBERS_PATH } from './members-screen';

/** A term and its value in a description list; an empty value shows a dash. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-semibold">{term}</dt>
      <dd>{children ?? '–'}</dd>
    </div>
  );
}

/** One member with everything staff may need (issue 18), and what staff can give back to them. */
export function MemberPage({ id, me }: { id: number; me: ConsoleMe }) {
  const { t } = useTranslation();
  const member = useQuery(memberQueryOptions(id));
  const [notice, setNotice] = useState<ConsoleNotice | null>(null);
  const done = (adjustment: Adjustment) =>
    setNotice({
      key:
        adjustment.status === 'pending'
          ? 'console.members.adjust.pending'
          : `console.members.adjust.done_${adjustment.kind}`,
    });

  return (
    <section aria-labelledby="member-title" className="space-y-5">
      <p>
        <Link to={MEMBERS_PATH} className="underline">
          {t('console.members.back')}
        </Link>
      </p>
      <LoadState query={member} />
      {member.data ? (
        <>
          <h1 id="member-title" className="heading text-2xl" translate="no">
            {member.data.account.name}
          </h1>
          <div className="grid gap-5 xl:grid-cols-2">
            <AccountSection member={member.data} />
            {mayDo(me, 'members.refund') ? (
              <Section title={t('console.members.adjust.title')} intro={t('console.members.adjust.intro')}>
                <NoticeStatus notice={notice} />
                <h3 className="heading text-lg">{t('console.members.refund.title')}</h3>
                <RefundForm member={member.data} onDone={done} />
                <h3 className="heading text-lg">{t('console.members.credit_back.title')}</h3>
                <CreditBackForm member={member.data} onDone={done} />
                <h3 className="heading text-lg">{t('console.members.grant.title')}</h3>
                <GrantForm member={member.data} onDone={done} />
              </Section>
            ) : null}
          </div>
          {mayDo(me, 'members.manage') ? <AccountActions member={member.data} /> : null}
          <MoneySections member={member.data} />
          <ModerationSections member={member.data} />
          <MemberNotes member={member.data} />
        </>
      ) : null}
    </section>
  );
}

function AccountSection({ member }: { member: MemberAdminDetail }) {
  const { t } = useTranslation();
  const regional = useRegional();
  const { account, signup_source: source, premium } = member;
  const time = (value: number | null) => (value === null ? null : formatDateTime(value, regional));
  return (
    <Section title={t('console.members.account.title')}>
      <dl className="space-y-1">
        <Fact term={t('console.members.account.id')}>{account.id}</Fact>
        <Fact term={t('console.members.account.email')}>
          <span translate="no">{account.email}</span>
        </Fact>
        <Fact term={t('console.members.account.site')}>
          <span translate="no">{account.site.name}</span>
        </Fact>
        <Fact term={t('console.members.account.status')}>{t(`console.moderation.statuses.${account.status}`)}</Fact>
        <Fact term={t('console.members.account.since')}>{time(account.signup_at)}</Fact>
        <Fact term={t('console.members.account.activated')}>{time(account.activated_at)}</Fact>
        <Fact term={t('console.members.account.active')}>{time(account.last_active_at)}</Fact>
        <Fact term={t('console.members.account.credits')}>{account.credits}</Fact>
        <Fact term={t('console.members.account.premium')}>
          {premium.until === null
            ? t('console.members.account.no_premium')
            : t(premium.renews ? 'console.members.account.premium_renews' : 'console.members.account.premium_until', {
                time: formatDateTime(premium.until, regional),
              })}
        </Fact>
        {account.spending_blocked_at !== null ? (
          <Fact term={t('console.members.account.spending_blocked')}>{time(account.spending_blocked_at)}</Fact>
        ) : null}
      </dl>
      <h3 className="heading text-lg">{t('console.members.source.title')}</h3>
      <dl className="space-y-1">
        <Fact term={t('console.members.source.lander')}>
          <span translate="no">{source.lander ?? source.form_path}</span>
        </Fact>
        <Fact term={t('console.members.source.network')}>
          <span translate="no">{source.network}</span>
        </Fact>
        <Fact term={t('console.members.source.ref')}>
          <span translate="no">
            {[source.ref, source.sub1, source.sub2, source.sub3].filter(Boolean).join(' · ') || null}
          </span>
        </Fact>
        <Fact term={t('console.members.source.referrer')}>
          <span translate="no">{source.referrer}</span>
        </Fact>
      </dl>
      <h3 className="heading text-lg">{t('console.members.sessions.title')}</h3>
      {member.sessions.length === 0 ? (
        <p className="text-ink-muted">{t('console.members.sessions.none')}</p>
      ) : (
        <ul className="text-sm">
          {member.sessions.map((session) => (
            <li key={session.created_at}>
              {t('console.members.sessions.session', {
                from: formatDateTime(session.created_at, regional),
                until: formatDateTime(session.expires_at, regional),
              })}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function MoneySections({ member }: { member: MemberAdminDetail }) {
  const { t } = useTranslation();
  const regional = useRegional();
  return (
    <div className="grid gap-5 xl:grid-cols-2">
      <Section title={t('console.members.orders.title')}>
        {member.orders.length === 0 ? (
          <p className="text-ink-muted">{t('console.members.orders.none')}</p>
        ) : (
          <ConsoleTable
            caption={t('console.members.orders.title')}
            columns={[
              t('console.members.orders.id'),
              t('console.members.orders.amount'),
              t('console.members.orders.provider'),
              t('console.members.orders.state'),
              t('console.members.orders.time'),
            ]}
            className="min-w-[32rem] text-sm"
          >
            {member.orders.map((order) => (
              <tr key={order.id} className="border-b border-line">
                <td className="py-1 pe-3">{order.id}</td>
                <td className="py-1 pe-3">{formatMinorMoney(order.gross, order.currency, regional)}</td>
                <td className="py-1 pe-3" translate="no">
                  {order.provider}
                </td>
                <td className="py-1 pe-3">{t(`console.members.orders.states.${order.state}`)}</td>
                <td className="py-1">{formatDateTime(order.created_at, regional)}</td>
              </tr>
            ))}
          </ConsoleTable>
        )}
      </Section>
      <Section title={t('console.members.ledger.title')}>
        {member.ledger.length === 0 ? (
          <p className="text-ink-muted">{t('console.members.ledger.none')}</p>
        ) : (
          <ConsoleTable
            caption={t('console.members.ledger.title')}
            columns={[
              t('console.members.ledger.time'),
              t('console.members.ledger.change'),
              t('console.members.ledger.reason'),
              t('console.members.ledger.reference'),
            ]}
            className="min-w-[28rem] text-sm"
          >
            {member.ledger.map((row) => (
              <tr key={row.id} className="border-b border-line">
                <td className="py-1 pe-3">{formatDateTime(row.created_at, regional)}</td>
                <td className="py-1 pe-3">{row.delta > 0 ? `+${row.delta}` : row.delta}</td>
                <td className="py-1 pe-3">{t(`console.members.ledger.reasons.${row.reason}`)}</td>
                <td className="py-1" translate="no">
                  {row.reference}
                </td>
              </tr>
            ))}
          </ConsoleTable>
        )}
      </Section>
      <Section title={t('console.members.adjustments.title')}>
        {member.adjustments.length === 0 ? (
          <p className="text-ink-muted">{t('console.members.adjustments.none')}</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {member.adjustments.map((adjustment) => (
              <li key={adjustment.id} className="rounded border border-line p-2">
                <AdjustmentSummary
                  adjustment={adjustment}
                  extra={` · ${t(`console.members.adjustments.statuses.${adjustment.status}`)}`}
                />
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

function ModerationSections({ member }: { member: MemberAdminDetail }) {
  const { t } = useTranslation();
  const regional = useRegional();
  return (
    <div className="grid gap-5 xl:grid-cols-3">
      <Section title={t('console.members.reports.title')}>
        {member.reports.length === 0 ? <p className="text-ink-muted">{t('console.members.reports.none')}</p> : null}
        <ul className="space-y-1 text-sm">
          {member.reports.map((report) => (
            <li key={report.id}>
              <Link to={`/console/moderation/items/${report.id}`} className="underline" translate="no">
                {report.reference}
              </Link>{' '}
              {t(`console.moderation.kinds.${report.kind}`)} ·{' '}
              {t(report.filed ? 'console.members.reports.filed' : 'console.members.reports.about')} ·{' '}
              {formatDateTime(report.created_at, regional)}
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('console.members.blocks.title')}>
        {member.blocks.length === 0 ? <p className="text-ink-muted">{t('console.members.blocks.none')}</p> : null}
        <ul className="space-y-1 text-sm">
          {member.blocks.map((block) => (
            <li key={`${block.direction}-${block.member.id}`}>
              {t(block.direction === 'by' ? 'console.members.blocks.by' : 'console.members.blocks.of', {
                name: block.member.name,
              })}{' '}
              · {formatDateTime(block.created_at, regional)}
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('console.members.decisions.title')}>
        {member.decisions.length === 0 ? <p className="text-ink-muted">{t('console.members.decisions.none')}</p> : null}
        <ul className="space-y-1 text-sm">
          {member.decisions.map((decision) => (
            <li key={decision.id}>
              <span translate="no">{decision.reference}</span> {t(`console.moderation.actions.${decision.action}`)} ·{' '}
              {t(`console.moderation.reasons.${decision.reason}`)} · {formatDateTime(decision.created_at, regional)}
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}

function MemberNotes({ member }: { member: MemberAdminDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <Section title={t('console.inbox.notes.title')}>
      <div className="space-y-2 text-sm">
        <StaffNoteList
          notes={member.notes}
          failureOf={memberFailureOf}
          add={async (values) => {
            await addMemberNote(member.account.id, values);
            await queryClient.invalidateQueries({ queryKey: MEMBERS_KEY });
          }}
        />
      </div>
    </Section>
  );
}
