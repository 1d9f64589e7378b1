import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FictionalMark, LanderClose, LanderPhoto, MemberCaption, useNicheText, type LanderProps } from './lander-parts';

/**
 * A wall of members with the form under it: the people are the pitch. Three small photos a row,
 * so the headline, not a photo still loading, is the largest thing on a phone's first screen.
 */
export function GalleryLander({ data, signup }: LanderProps) {
  const { t } = useTranslation();
  const niche = useNicheText(data.niche);
  const titleId = useId();
  return (
    <div className="gallery-lander space-y-6">
      <header>
        <h1 id={titleId} className="heading text-3xl sm:text-4xl">
          {niche.title}
        </h1>
        <p className="mt-3 text-lg">{niche.lead}</p>
      </header>
      {data.profiles.length > 0 ? (
        <section aria-labelledby={`${titleId}-people`}>
          <h2 id={`${titleId}-people`} className="heading text-xl">
            {niche.people}
          </h2>
          <ul className="mt-3 grid grid-cols-3 gap-2 sm:gap-3">
            {data.profiles.map((profile) => (
              <li key={profile.id} className="card relative overflow-hidden">
                <LanderPhoto profile={profile} className="aspect-square w-full" />
                <FictionalMark className="absolute top-2 left-2" />
                <MemberCaption profile={profile} className="block p-2 text-xs sm:p-3 sm:text-sm" />
              </li>
            ))}
          </ul>
          <p className="mt-3">
            <a href="#signup" className="text-link tap-link">
              {t('landers.gallery.more')}
            </a>
          </p>
        </section>
      ) : null}
      <LanderClose signup={signup} />
    </div>
  );
}
