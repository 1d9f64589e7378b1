import { partnerAdHref } from '@rendezvous/contract';
import { useTranslation } from 'react-i18next';

/** Spec §4 partner ad in the grid; the partner's page opens in a new window (spec §7). */
export function PartnerAd() {
  const { t } = useTranslation();
  return (
    <article
      // As tall as the cards beside it: an ad keeps the grid's size (issue 21).
      className="card relative flex h-full flex-col justify-center gap-2 bg-brand-soft p-4 text-center"
      aria-label={t('search.ad_label')}
    >
      <h3 className="heading text-lg">
        <a href={partnerAdHref('profile-search')} target="_blank" rel="noopener sponsored" className="stretched-link">
          {t('search.partner_title')}
        </a>
      </h3>
      <p className="text-sm">{t('search.partner_text')}</p>
    </article>
  );
}
