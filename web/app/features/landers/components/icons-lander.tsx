import type { InterestCode } from '@rendezvous/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Footer } from '../../../components/shell/footer';
import { LanderBrand, LanderClose, LanderPhoto, useNicheText, type LanderProps } from './lander-parts';

/** The interests this lander draws, each with its icon (system emoji: nothing to download). */
export const LANDER_INTEREST_ICONS = {
  walking: '🚶',
  dancing: '💃',
  cooking: '🍳',
  wine: '🍷',
  travel: '✈️',
  music: '🎵',
  cinema: '🎬',
  reading: '📚',
  gardening: '🌷',
  pets: '🐾',
  photography: '📷',
  nature: '🌲',
} as const satisfies Partial<Record<InterestCode, string>>;
export type LanderInterest = keyof typeof LANDER_INTEREST_ICONS;

export interface IconsLanderProps extends LanderProps {
  /** The interests of GET /api/interests.php that have an icon here, in its order. */
  interests: readonly LanderInterest[];
}

/** A grid of interests to tap: choosing is the first step, signing up the second. */
export function IconsLander({ data, signup, interests }: IconsLanderProps) {
  const { t } = useTranslation();
  const niche = useNicheText(data.niche);
  const titleId = useId();
  const [chosen, setChosen] = useState<ReadonlySet<LanderInterest>>(new Set());
  const toggle = (interest: LanderInterest) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(interest)) next.add(interest);
      return next;
    });
  const faces = data.profiles.slice(0, 5);

  return (
    <div className="icons-lander flex min-h-dvh flex-col">
      <div className="mx-auto w-full max-w-2xl px-4 pt-5 pb-10">
        <LanderBrand className="text-brand" />
        <h1 id={titleId} className="heading mt-8 text-3xl sm:text-4xl">
          {t('landers.icons.title')}
        </h1>
        <p className="mt-3 text-lg">{niche.lead}</p>
        <ul className="mt-6 grid grid-cols-3 gap-3 sm:grid-cols-4" aria-label={t('landers.icons.label')}>
          {interests.map((interest) => (
            <li key={interest}>
              <button
                type="button"
                aria-pressed={chosen.has(interest)}
                onClick={() => toggle(interest)}
                className="flex min-h-24 w-full flex-col items-center justify-center gap-1 rounded-card border-2 border-line bg-surface p-2 text-sm font-semibold transition-transform active:scale-95 aria-pressed:border-brand aria-pressed:bg-brand-soft"
              >
                <span className="text-3xl" aria-hidden="true">
                  {LANDER_INTEREST_ICONS[interest]}
                </span>
                {t(`landers.interests.${interest}`)}
              </button>
            </li>
          ))}
        </ul>
        <p className="mt-4 min-h-6" role="status">
          {chosen.size > 0 ? t('landers.icons.chosen', { people: niche.people }) : ''}
        </p>
        {faces.length > 0 ? (
          <div className="mt-2 flex -space-x-3" aria-hidden="true">
            {faces.map((profile) => (
              <LanderPhoto
                key={profile.id}
                profile={profile}
                decorative
                className="size-12 rounded-full border-2 border-surface"
              />
            ))}
          </div>
        ) : null}
        <LanderClose signup={signup} className="mt-6" />
      </div>
      <Footer />
    </div>
  );
}
