import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Footer } from '../../../components/shell/footer';
import { LanderBrand, LanderClose, LanderPhoto, MemberCaption, useNicheText, type LanderProps } from './lander-parts';

/** Four scenes of four seconds (landers.css `lander-scene` runs 16 s); each enters its own way. */
const SCENE_SECONDS = 4;
const SCENE_ENTRANCES = [
  'scale(0.94)',
  'translate3d(12%, 0, 0)',
  'translate3d(0, 10%, 0) scale(0.96)',
  'translate3d(-12%, 0, 0)',
];

/**
 * A "video" of scenes with transitions, made of the showcase photos and CSS alone: each scene
 * fades, zooms or slides over the last. Without motion the first scene simply stands.
 */
export function TransitionsLander({ data, signup }: LanderProps) {
  const { t } = useTranslation();
  const niche = useNicheText(data.niche);
  const titleId = useId();
  const scenes = data.profiles.slice(0, SCENE_ENTRANCES.length);
  // The loop is timed for all four scenes; with fewer, the first one stands still.
  const moving = scenes.length === SCENE_ENTRANCES.length;
  return (
    <div className="transitions-lander flex min-h-dvh flex-col bg-[#1b1016] text-white">
      <div className="mx-auto w-full max-w-xl px-4 pt-5 pb-10">
        <LanderBrand className="text-white" />
        <h1 id={titleId} className="mt-6 text-3xl leading-tight font-bold sm:text-4xl">
          {niche.title}
        </h1>
        {scenes.length > 0 ? (
          <div className="relative mt-6 overflow-hidden rounded-card bg-gradient-to-br from-[#5b1f3a] to-[#1b1016]">
            <ol className="relative aspect-[4/5]" aria-label={niche.people}>
              {scenes.map((profile, index) => (
                <li
                  key={profile.id}
                  className={`${moving ? 'lander-scene' : index > 0 ? 'hidden' : ''} absolute inset-0 flex flex-col items-center justify-center gap-4 p-6`}
                  style={{
                    // Scene n is at the start of its turn n × 4 s into the loop.
                    animationDelay: `${-((scenes.length - index) % scenes.length) * SCENE_SECONDS}s`,
                    ['--lander-enter' as string]: SCENE_ENTRANCES[index],
                  }}
                >
                  <LanderPhoto
                    profile={profile}
                    priority={index === 0}
                    className="w-3/4 max-w-60 rounded-2xl shadow-2xl"
                  />
                  <p className="text-center text-lg">
                    <MemberCaption profile={profile} />
                    <span className="mt-1 block text-base">{t(`landers.transitions.scene_${index}`)}</span>
                  </p>
                </li>
              ))}
            </ol>
            {moving ? (
              <div className="absolute inset-x-0 bottom-0 h-1 bg-white/20" aria-hidden="true">
                <div className="lander-progress h-full bg-[#ff4d6d]" />
              </div>
            ) : null}
          </div>
        ) : null}
        <p className="mt-6 text-lg">{niche.lead}</p>
        <LanderClose signup={signup} onDark className="mt-6" />
      </div>
      <div className="bg-page text-ink">
        <Footer />
      </div>
    </div>
  );
}
