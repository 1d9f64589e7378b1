import type { ProfileVisitorsResponse } from '@rendezvous/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRegionalCode } from '../../../components/profile-fields/labels';
import { CheckboxField } from '../../../components/ui/choice-fields';
import { FormAlert } from '../../../components/ui/form-alert';
import { Section } from '../../../components/ui/section';
import { formatFullTime } from '../../../lib/dates';
import { mediaUrl } from '../../../lib/media';
import { NAMED_ROUTES } from '../../../route-table';
import { profileVisitorsQueryOptions, useSetVisitTrace } from '../api/privacy-calls';

/**
 * Who viewed me on the account page (issue 19): the members who opened the profile, newest first;
 * without premium the latest few, and how many more premium would show.
 */
export function ProfileVisitorsSection({
  cdnPrefix,
  initial,
}: {
  cdnPrefix: string;
  initial?: ProfileVisitorsResponse;
}) {
  const { t } = useTranslation();
  const regional = useRegionalCode();
  const query = useQuery({ ...profileVisitorsQueryOptions(), initialData: initial });
  const trace = useSetVisitTrace();
  const leavesTrace = trace.isPending ? trace.variables : query.data?.leaves_trace;

  return (
    <Section title={t('privacy.visitors_title')} intro={t('privacy.visitors_intro')}>
      {query.isError ? <FormAlert>{t('privacy.visitors_load_failed')}</FormAlert> : null}
      {query.data && query.data.visitors.length === 0 && query.data.more === 0 ? (
        <p className="text-ink-muted">{t('privacy.visitors_empty')}</p>
      ) : null}
      {query.data && query.data.visitors.length > 0 ? (
        <ul className="divide-y divide-line" aria-label={t('privacy.visitors_title')}>
          {query.data.visitors.map((visitor) => (
            <li key={`${visitor.id}-${visitor.viewed_at}`} className="flex items-center gap-3 py-2">
              {visitor.main_image ? (
                <img
                  src={mediaUrl(visitor.main_image.thumb_filename, cdnPrefix)}
                  alt=""
                  width={48}
                  height={48}
                  className="size-12 shrink-0 rounded-full object-cover"
                />
              ) : (
                <span aria-hidden="true" className="size-12 shrink-0 rounded-full bg-surface-muted" />
              )}
              <div className="min-w-0">
                <Link className="font-semibold break-words underline" to={NAMED_ROUTES['members-memberId'](visitor.id)}>
                  <span translate="no">{visitor.name}</span>
                  {visitor.age !== null ? `, ${visitor.age}` : ''}
                </Link>
                {/* The city is the member's own words, the time already in the reader's format. */}
                <p className="text-sm text-ink-muted" translate="no">
                  {visitor.city ? `${visitor.city} · ` : null}
                  <time dateTime={visitor.viewed_at}>{formatFullTime(visitor.viewed_at, regional)}</time>
                </p>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {query.data && query.data.more > 0 ? (
        <p>
          {t('privacy.visitors_more', { number: query.data.more })}{' '}
          <Link className="font-semibold underline" to="/premium">
            {t('privacy.visitors_premium')}
          </Link>
        </p>
      ) : null}
      {leavesTrace === undefined ? null : (
        <CheckboxField
          name="leaves_visit_trace"
          label={t('privacy.visitors_trace_label')}
          hint={t('privacy.visitors_trace_hint')}
          checked={leavesTrace}
          onChange={(checked) => trace.mutate(checked)}
        />
      )}
      {trace.isError ? <FormAlert>{t('privacy.visitors_trace_failed')}</FormAlert> : null}
    </Section>
  );
}
