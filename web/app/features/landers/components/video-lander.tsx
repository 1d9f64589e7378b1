import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LanderClose, LanderPhoto, useNicheText, type LanderProps } from './lander-parts';

const POINTS = ['free', 'discreet', 'nearby'] as const;
/**
 * Three rows of small photos rather than a few large ones: the headline stays the largest thing
 * on the first screen, so it, not a photo still on its way, is what the first paint is judged by.
 */
const ROW_OFFSETS = [0, 2, 4] as const;

/**
 * A "video" background without a video file: the showcase photos drift past behind a slow zoom
 * and a dark veil, all on the compositor, so the headline paints at once and stays readable.
 */
export function VideoLander({ data, signup }: LanderProps) {
  const { t } = useTranslation();
  const niche = useNicheText(data.niche);
  const titleId = useId();
  const strip = data.profiles.slice(0, 6);
  return (
    <div className="video-lander space-y-6">
      <section
        className="relative isolate overflow-hidden rounded-card bg-[#2b1320] px-5 py-10 text-white sm:px-10 sm:py-16"
        aria-labelledby={titleId}
      >
        {strip.length > 0 ? (
          <div className="absolute inset-0 -z-10 overflow-hidden" aria-hidden="true">
            <div className="lander-zoom flex size-full flex-col justify-center gap-2">
              {ROW_OFFSETS.map((offset) => {
                // Each row starts elsewhere in the strip, so the rows do not move in step.
                const row = [...strip.slice(offset), ...strip.slice(0, offset)];
                return (
                  <div key={offset} className="lander-drift flex w-max gap-2">
                    {[...row, ...row].map((profile, index) => (
                      <LanderPhoto
                        key={`${profile.id}-${index}`}
                        profile={profile}
                        decorative
                        className="size-28 shrink-0 rounded-xl opacity-70"
                      />
                    ))}
                  </div>
                );
              })}
            </div>
            <div className="absolute inset-0 bg-gradient-to-t from-[#2b1320] via-[#2b1320]/80 to-[#2b1320]/40" />
          </div>
        ) : null}
        <p className="inline-flex items-center gap-2 rounded-full bg-black/45 px-3 py-1 text-sm font-semibold">
          <span className="lander-pulse inline-block size-2.5 rounded-full bg-[#ff4d6d]" aria-hidden="true" />
          {t('landers.video.live')}
        </p>
        <h1 id={titleId} className="mt-4 max-w-xl text-3xl leading-tight font-bold sm:text-5xl">
          {niche.title}
        </h1>
        <p className="mt-4 max-w-lg text-lg">{niche.lead}</p>
        <ul className="mt-6 grid gap-2 sm:grid-cols-3">
          {POINTS.map((point) => (
            <li key={point} className="flex items-center gap-2">
              <span aria-hidden="true">✓</span>
              {t(`landers.video.point_${point}`)}
            </li>
          ))}
        </ul>
      </section>
      <LanderClose signup={signup} />
    </div>
  );
}
