import { webcamAdHref, type CamItem } from '@rendezvous/contract';
import { useTranslation } from 'react-i18next';

/** Spec §4 webcam item in the grid; the partner page opens in a new window (spec §7). */
export function WebcamAd({ cam }: { cam: CamItem }) {
  const { t } = useTranslation();
  return (
    <article className="card relative flex h-full flex-col overflow-hidden" aria-label={t('search.ad_label')}>
      <div className="relative aspect-square bg-surface-muted">
        <img src={cam.thumbnail_url} alt="" loading="lazy" className="size-full object-cover" />
        <span className="badge absolute top-2 left-2">
          {cam.online ? t('search.cam_live') : t('search.cam_webcam')}
        </span>
      </div>
      <div className="p-3">
        <h3 className="heading truncate text-base leading-tight">
          <a href={webcamAdHref(cam.account)} target="_blank" rel="noopener sponsored" className="stretched-link">
            {/* The performer's name comes from the partner's feed, not our catalogues. */}
            <span translate="no">{cam.name}</span>, {cam.age}
          </a>
        </h3>
        <p className="mt-1 text-sm text-ink-muted">{t('search.cam_cta')}</p>
      </div>
    </article>
  );
}
