import type { DiscountCode } from '@rendezvous/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useTimeLeft } from '../hooks/use-time-left';

const MINUTE_MS = 60_000;

/** "1 h 12 min", "5 min": whole minutes, rounded up, so the last minute still shows as one. */
export function formatTimeLeft(ms: number, t: TFunction): string {
  const minutes = Math.ceil(ms / MINUTE_MS);
  const hours = Math.floor(minutes / 60);
  return hours > 0
    ? t('discounts.time_left_hours', { hours, minutes: minutes % 60 })
    : t('discounts.time_left_minutes', { minutes });
}

/**
 * A time-limited offer as it stands (issue 16): what it gives and how long it still runs, by the
 * end the server set; it goes away when the offer ends. No reference prices, only the real ones.
 */
export function TimeBonus({ code }: { code: DiscountCode }) {
  const { t } = useTranslation();
  const left = useTimeLeft(code.valid_until);
  if (left === 0) return null;
  const offer = t(code.purpose === 'welcome' ? 'discounts.welcome_offer' : 'discounts.code_offer', {
    offer: t(code.kind === 'bonus' ? 'discounts.bonus' : 'discounts.percent', { value: code.value }),
  });
  return (
    <p className="form-notice font-bold" role="status">
      {left === null ? offer : t('discounts.offer_ends_in', { offer, time: formatTimeLeft(left, t) })}
    </p>
  );
}
