import type { Adjustment } from '@rendezvous/contract';
import type { TFunction } from 'i18next';
import { formatMinorMoney } from '../../../lib/regional';

/** What an adjustment gives, in a few words: "Refund of €9.95 (order 12)", "50 credits given". */
export function adjustmentWords(t: TFunction, adjustment: Adjustment, regional: string): string {
  switch (adjustment.kind) {
    case 'refund':
      return t('console.members.adjustments.refund', {
        amount: formatMinorMoney(adjustment.amount ?? 0, adjustment.currency ?? 'EUR', regional),
        order: adjustment.order_id ?? '',
      });
    case 'credit_back':
      return t('console.members.adjustments.credit_back', {
        credits: adjustment.credits ?? 0,
        messages: adjustment.message_ids.length,
      });
    case 'grant':
      return t('console.members.adjustments.grant', { credits: adjustment.credits ?? 0 });
  }
}
