import type { Adjustment } from '@rendezvous/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, useRegional } from '../../../lib/regional';
import { adjustmentWords } from '../lib/adjustment-words';

/** What was given back or asked for, who asked and when, and why; `extra` follows the first line. */
export function AdjustmentSummary({ adjustment, extra }: { adjustment: Adjustment; extra?: ReactNode }) {
  const { t } = useTranslation();
  const regional = useRegional();
  return (
    <>
      <p className="font-semibold">
        {adjustmentWords(t, adjustment, regional)}
        {extra}
      </p>
      <p className="text-sm text-ink-muted">
        {t('console.members.adjustments.by', {
          name: adjustment.requested_by?.name ?? '',
          time: formatDateTime(adjustment.created_at, regional),
        })}
      </p>
      <p className="whitespace-pre-wrap" translate="no">
        {adjustment.reason}
      </p>
    </>
  );
}
