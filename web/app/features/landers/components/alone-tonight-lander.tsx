import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Footer } from '../../../components/shell/footer';
import { LanderBrand, LanderClose, LanderPhoto, useNicheText, type LanderProps } from './lander-parts';

// Fixed positions (per cent of the sky, kept above the headline), so the server and the browser draw the same stars.
const STARS = [
  [8, 12],
  [22, 30],
  [35, 8],
  [48, 22],
  [62, 10],
  [74, 34],
  [86, 16],
  [92, 40],
  [15, 48],
  [55, 44],
] as const;

/** "Alone tonight?": a night sky drawn in CSS, a few members still up, one call to sign up. */
export function AloneTonightLander({ data, signup }: LanderProps) {
  const { t } = useTranslation();
  const niche = useNicheText(data.niche);
  const titleId = useId();
  const awake = data.profiles.slice(0, 4);
  return (
    <div className="alone-tonight-lander flex min-h-dvh flex-col bg-[#0f1330] text-white">
      <div className="relative isolate overflow-hidden">
        <div
          className="absolute inset-0 -z-10 bg-gradient-to-b from-[#070a1f] via-[#161b45] to-[#3b2156]"
          aria-hidden="true"
        >
          <div className="absolute top-10 right-8 size-20 rounded-full bg-[#fdf3c4] shadow-[0_0_60px_20px_rgba(253,243,196,0.25)]" />
          {STARS.map(([left, top], index) => (
            <span
              key={`${left}-${top}`}
              className="lander-pulse absolute size-1 rounded-full bg-white"
              style={{ left: `${left}%`, top: `${top / 3}%`, animationDelay: `${index * 0.3}s` }}
            />
          ))}
        </div>
        <div className="mx-auto max-w-xl px-5 pt-6 pb-10">
          <LanderBrand className="text-white" />
          <h1 id={titleId} className="mt-16 text-4xl leading-tight font-bold sm:text-5xl">
            {t('landers.alone.title')}
          </h1>
          <p className="mt-4 text-lg">{niche.lead}</p>
          {awake.length > 0 ? (
            <section className="mt-8" aria-labelledby={`${titleId}-awake`}>
              <h2 id={`${titleId}-awake`} className="text-base font-semibold">
                {t('landers.alone.awake', { people: niche.people })}
              </h2>
              <ul className="mt-3 flex flex-wrap gap-4">
                {awake.map((profile, index) => (
                  <li key={profile.id} className="flex w-16 flex-col items-center text-center text-xs">
                    <span className="relative">
                      <LanderPhoto
                        profile={profile}
                        priority={index === 0}
                        className="size-16 rounded-full border-2 border-white/80"
                      />
                      <span
                        className="lander-pulse absolute right-0 bottom-0 size-3.5 rounded-full border-2 border-[#161b45] bg-[#3ddc84]"
                        aria-hidden="true"
                      />
                    </span>
                    <span className="mt-1 w-full truncate" translate="no">
                      {profile.name}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <LanderClose signup={signup} onDark className="mt-10" />
        </div>
      </div>
      <div className="mt-auto bg-page text-ink">
        <Footer />
      </div>
    </div>
  );
}
