import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Footer } from '../../../components/shell/footer';
import { LanderBrand, LanderClose, LanderPhoto, useNicheText, type LanderProps } from './lander-parts';

// A tilt per photo, fixed so the server and the browser draw the same collage.
const TILTS = ['-4deg', '3deg', '-2deg', '5deg', '-5deg', '2deg', '4deg', '-3deg', '1deg'] as const;

/** A photo collage, pinned like prints on a board, with one call to sign up on top. */
export function CollageLander({ data, signup }: LanderProps) {
  const { t } = useTranslation();
  const niche = useNicheText(data.niche);
  const titleId = useId();
  const prints = data.profiles.slice(0, TILTS.length);
  return (
    <div className="collage-lander flex min-h-dvh flex-col bg-[#f3e6da]">
      <div className="mx-auto w-full max-w-3xl px-4 pt-5 pb-10">
        <LanderBrand className="text-brand" />
        <h1 id={titleId} className="heading mt-6 text-3xl sm:text-5xl">
          {niche.title}
        </h1>
        {prints.length > 0 ? (
          <ul className="mt-6 grid grid-cols-3 gap-2 sm:gap-4" aria-label={niche.people}>
            {prints.map((profile, index) => (
              <li
                key={profile.id}
                className={`bg-white p-1.5 pb-5 shadow-md sm:p-2 sm:pb-7 ${index % 3 === 1 ? 'lander-float' : ''}`}
                style={{ transform: `rotate(${TILTS[index]})`, ['--lander-tilt' as string]: TILTS[index] }}
              >
                <LanderPhoto profile={profile} priority={index === 0} className="aspect-square w-full" />
                <span
                  className="mt-1 block truncate text-center font-[cursive] text-xs text-[#3a2a25] sm:text-sm"
                  translate="no"
                >
                  {profile.name}
                  {profile.age !== null ? `, ${profile.age}` : ''}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="card relative mt-8 p-5 sm:p-8">
          <p className="text-lg">{niche.lead}</p>
          <p className="mt-2 font-semibold">{t('landers.collage.text')}</p>
          <LanderClose signup={signup} className="mt-5" />
        </div>
      </div>
      <Footer />
    </div>
  );
}
