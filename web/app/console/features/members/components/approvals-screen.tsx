import type { Adjustment } from '@rendezvous/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { LoadState } from '../../../components/load-state';
import { NoticeStatus, type ConsoleNotice } from '../../../components/notice-status';
import { useReconfirmed } from '../../../components/reconfirm';
import {
  APPROVALS_KEY,
  MEMBERS_KEY,
  approvalsQueryOptions,
  approveAdjustment,
  refuseAdjustment,
} from '../api/member-calls';
import { memberFailureOf } from '../lib/member-failure';
import { AdjustmentSummary } from './adjustment-summary';
import { MEMBERS_PATH } from './members-screen';

/** What went over someone's daily limit, oldest first, for an admin to approve or refuse (issue 18). */
export function ApprovalsScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reconfirmed = useReconfirmed();
  const approvals = useQuery(approvalsQueryOptions());
  const [notice, setNotice] = useState<ConsoleNotice | null>(null);
  const decide = useMutation({
    mutationFn: ({ adjustment, approve }: { adjustment: Adjustment; approve: boolean }) =>
      approve ? reconfirmed(() => approveAdjustment(adjustment.id)) : refuseAdjustment(adjustment.id),
    onMutate: () => setNotice(null),
    onSuccess: ({ adjustment }) =>
      setNotice({
        key: adjustment.status === 'done' ? 'console.approvals.approved' : 'console.approvals.refused',
        values: { member: adjustment.member.name },
      }),
    onError: (error) => setNotice({ key: memberFailureOf(error) }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: APPROVALS_KEY });
      await queryClient.invalidateQueries({ queryKey: MEMBERS_KEY });
    },
  });

  return (
    <section aria-labelledby="approvals-title" className="max-w-4xl space-y-5">
      <h1 id="approvals-title" className="heading text-2xl">
        {t('console.approvals.title')}
      </h1>
      <p className="text-ink-muted">{t('console.approvals.intro')}</p>
      <NoticeStatus notice={notice} />
      <LoadState query={approvals} />
      {approvals.data?.approvals.length === 0 ? <p>{t('console.approvals.empty')}</p> : null}
      <ul className="space-y-3">
        {approvals.data?.approvals.map((adjustment) => (
          <li key={adjustment.id} className="card space-y-2 p-4">
            <AdjustmentSummary adjustment={adjustment} />
            <p>
              <Link to={`${MEMBERS_PATH}/${adjustment.member.id}`} className="underline" translate="no">
                {adjustment.member.name}
              </Link>{' '}
              <span translate="no">({adjustment.member.email})</span>
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                onClick={() => decide.mutate({ adjustment, approve: true })}
                loading={
                  decide.isPending && decide.variables.adjustment.id === adjustment.id && decide.variables.approve
                }
              >
                {t('console.approvals.approve')}
              </Button>
              <Button variant="secondary" onClick={() => decide.mutate({ adjustment, approve: false })}>
                {t('console.approvals.refuse')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
