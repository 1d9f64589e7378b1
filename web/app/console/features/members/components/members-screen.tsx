import { MemberSearchQuerySchema, type MemberSearchQuery } from '@rendezvous/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FormTextField } from '../../../../components/forms/form-fields';
import { Button } from '../../../../components/ui/button';
import { useApiForm } from '../../../../lib/forms/use-api-form';
import { ConsoleTable } from '../../../components/console-table';
import { LoadState } from '../../../components/load-state';
import { formatDateTime, useRegional } from '../../../lib/regional';
import { memberSearchQueryOptions } from '../api/member-calls';

export const MEMBERS_PATH = '/console/members';

/** Find a member by e-mail address, name, id or conversation (issue 18); the search stays in the address bar. */
export function MembersScreen() {
  const { t } = useTranslation();
  const regional = useRegional();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const results = useQuery(memberSearchQueryOptions(q));
  const { control, onSubmit, busy } = useApiForm<MemberSearchQuery, { q: string }>({
    defaultValues: { q },
    resolver: zodResolver(MemberSearchQuerySchema),
    send: async (values) => setParams({ q: values.q }),
    failureOf: () => 'console.members.failure.failed',
  });

  return (
    <section aria-labelledby="members-title" className="space-y-5">
      <h1 id="members-title" className="heading text-2xl">
        {t('console.members.title')}
      </h1>
      <form role="search" onSubmit={onSubmit} noValidate className="card flex flex-wrap items-end gap-3 p-4">
        <FormTextField
          control={control}
          name="q"
          type="search"
          label={t('console.members.search.label')}
          hint={t('console.members.search.hint')}
          className="min-w-[16rem] flex-1"
        />
        <Button type="submit" loading={busy}>
          {t('console.members.search.submit')}
        </Button>
      </form>
      {q ? <LoadState query={results} /> : null}
      {results.data ? (
        results.data.members.length === 0 ? (
          <p>{t('console.members.search.none')}</p>
        ) : (
          <ConsoleTable
            caption={t('console.members.search.results')}
            columns={[
              t('console.members.account.id'),
              t('console.members.account.name'),
              t('console.members.account.email'),
              t('console.members.account.site'),
              t('console.members.account.status'),
              t('console.members.account.since'),
            ]}
            className="min-w-[44rem]"
          >
            {results.data.members.map((member) => (
              <tr key={member.id} className="border-b border-line">
                <td className="py-2 pe-3">{member.id}</td>
                <td className="py-2 pe-3">
                  <Link to={`${MEMBERS_PATH}/${member.id}`} className="underline" translate="no">
                    {member.name}
                  </Link>
                  {member.fictional ? (
                    <span className="ms-2 text-sm">{t('console.members.account.fictional')}</span>
                  ) : null}
                </td>
                <td className="py-2 pe-3" translate="no">
                  {member.email}
                </td>
                <td className="py-2 pe-3" translate="no">
                  {member.site.name}
                </td>
                <td className="py-2 pe-3">{t(`console.moderation.statuses.${member.status}`)}</td>
                <td className="py-2">{formatDateTime(member.signup_at, regional)}</td>
              </tr>
            ))}
          </ConsoleTable>
        )
      ) : null}
    </section>
  );
}
