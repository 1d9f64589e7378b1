import type { ConversationView, MemberPanel as MemberPanelData } from '@rendezvous/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, useRegional } from '../../../lib/regional';
import { StaffNotes } from './staff-notes';

/** Who the operator writes to: the member's profile, account, history on the site, and staff notes. */
export function MemberPanel({
  view,
  pathOf,
}: {
  view: ConversationView;
  /** The link to another conversation in the workspace. */
  pathOf: (conversation: number) => string;
}) {
  const { t } = useTranslation();
  const regional = useRegional();
  const member: MemberPanelData = view.member;
  const when = (iso: string) => formatDateTime(Date.parse(iso), regional);
  const place = [member.city, member.region, member.country].filter(Boolean).join(', ');
  const none = t('console.inbox.member.none');

  return (
    <section aria-labelledby="inbox-member-title" className="card space-y-3 p-4">
      <h3 id="inbox-member-title" className="heading text-lg">
        {t('console.inbox.member.title')} <span translate="no">{member.name}</span>
      </h3>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold">{t('console.inbox.member.profile')}</dt>
        <dd>
          {member.age !== null ? t('console.inbox.person.age', { age: member.age }) : none}
          {member.gender ? ` · ${t(`console.inbox.person.gender.${member.gender}`)}` : null}
        </dd>
        <dt className="font-semibold">{t('console.inbox.member.place')}</dt>
        <dd translate="no">{place || none}</dd>
        <dt className="font-semibold">{t('console.inbox.member.language')}</dt>
        <dd>{t(`languages.${member.language}`)}</dd>
        <dt className="font-semibold">{t('console.inbox.member.status')}</dt>
        <dd>{t(`console.inbox.member.statuses.${member.status}`)}</dd>
        <dt className="font-semibold">{t('console.inbox.member.signup')}</dt>
        <dd>{when(member.signup_at)}</dd>
        <dt className="font-semibold">{t('console.inbox.member.last_active')}</dt>
        <dd>{when(member.last_active_at)}</dd>
        <dt className="font-semibold">{t('console.inbox.member.credits')}</dt>
        <dd>{t('console.inbox.member.credits_value', { credits: member.credits, spent: member.credits_spent })}</dd>
        <dt className="font-semibold">{t('console.inbox.member.premium')}</dt>
        <dd>{t(member.paid_user ? 'console.inbox.member.yes' : 'console.inbox.member.no')}</dd>
      </dl>

      <details className="text-sm">
        <summary className="cursor-pointer font-semibold">
          {t('console.inbox.member.other_conversations', { number: member.other_conversations.length })}
        </summary>
        <ul className="mt-2 space-y-1">
          {member.other_conversations.map((other) => (
            <li key={other.conversation}>
              <Link to={pathOf(other.conversation)} className="underline">
                <span translate="no">{other.persona.name}</span>
              </Link>
              {other.last_message_at ? ` · ${when(other.last_message_at)}` : null}
              {other.waiting ? <strong className="ms-1 text-danger">{t('console.inbox.tabs.waiting')}</strong> : null}
            </li>
          ))}
        </ul>
      </details>

      <details className="text-sm">
        <summary className="cursor-pointer font-semibold">
          {t('console.inbox.member.blocks', {
            number: member.blocks.by_member.length + member.blocks.of_member.length,
          })}
        </summary>
        <ul className="mt-2 space-y-1">
          {member.blocks.by_member.map((block) => (
            <li key={`by-${block.other.id}`}>
              {t('console.inbox.member.blocked')} <span translate="no">{block.other.name}</span> ·{' '}
              {when(block.created_at)}
            </li>
          ))}
          {member.blocks.of_member.map((block) => (
            <li key={`of-${block.other.id}`}>
              {t('console.inbox.member.blocked_by')} <span translate="no">{block.other.name}</span> ·{' '}
              {when(block.created_at)}
            </li>
          ))}
        </ul>
      </details>

      <details className="text-sm">
        <summary className="cursor-pointer font-semibold">
          {t('console.inbox.member.reports', { number: member.reports.length })}
        </summary>
        <ul className="mt-2 space-y-1">
          {member.reports.map((report) => (
            <li key={report.reference}>
              <span className="font-mono" translate="no">
                {report.reference}
              </span>{' '}
              · {t(`console.inbox.member.report_sources.${report.source}`)}
              {report.category ? ` · ${t(`console.inbox.member.report_categories.${report.category}`)}` : null} ·{' '}
              <span translate="no">{report.status}</span> · {when(report.created_at)}
            </li>
          ))}
        </ul>
      </details>

      <StaffNotes conversation={view.conversation.id} notes={member.notes} />
    </section>
  );
}
