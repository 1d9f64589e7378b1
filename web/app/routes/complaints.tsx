import { COMPLAINT_SUBJECTS, DECISION_REFERENCE_MAX, type ComplaintSubject } from '@rendezvous/contract';
import { useTranslation } from 'react-i18next';
import { ComplaintForm, type ComplaintPrefill } from '../features/complaints/components/complaint-form';
import { RECORD_ID } from '../lib/server-record';
import { useWebContext } from '../lib/use-web-context';
import { NAMED_ROUTES } from '../route-table';
import type { Route } from './+types/complaints';

const recordId = (value: string | null) =>
  value && RECORD_ID.test(value) && Number(value) > 0 ? Number(value) : undefined;
const isSubject = (value: string | null): value is ComplaintSubject =>
  (COMPLAINT_SUBJECTS as readonly (string | null)[]).includes(value);

/**
 * What the address fills in: `?member=…&conversation=…&subject=…` from a profile's or a chat's
 * safety menu (the profile's full address becomes the location), `?kind=appeal&decision=…` from a
 * decision mail. Anything else in it is ignored.
 */
export function loader({ request }: Route.LoaderArgs): { prefill: ComplaintPrefill } {
  const url = new URL(request.url);
  const query = url.searchParams;
  const member = recordId(query.get('member'));
  const conversation = member === undefined ? undefined : recordId(query.get('conversation'));
  const subject = query.get('subject');
  return {
    prefill: {
      kind: query.get('kind') === 'appeal' ? 'appeal' : 'notice',
      subject: isSubject(subject) ? subject : member === undefined ? '' : 'profile',
      location: member === undefined ? '' : `${url.origin}${NAMED_ROUTES['members-memberId'](member)}`,
      member,
      conversation,
      decision: (query.get('decision') ?? '').slice(0, DECISION_REFERENCE_MAX),
    },
  };
}

export default function Complaints({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user } = useWebContext();
  return (
    <section className="card mx-auto max-w-2xl space-y-4 p-5 sm:p-6" aria-labelledby="complaints-title">
      <h1 id="complaints-title" className="heading text-2xl">
        {t('complaints.title')}
      </h1>
      <p>{t('complaints.intro')}</p>
      <ComplaintForm
        prefill={loaderData.prefill}
        reporter={user ? { name: user.profile.name, email: user.email } : null}
      />
    </section>
  );
}
