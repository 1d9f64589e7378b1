import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FictionalMark, LanderClose, LanderPhoto, MemberCaption, useNicheText, type LanderProps } from './lander-parts';

/** How many posts the catalogue holds (`landers.social.post_0` …); the feed cycles through them. */
const POST_TEXTS = 5;
const FEED_LENGTH = 4;

/** A social feed of members' posts; every like and reply leads to the form below. */
export function SocialLander({ data, signup }: LanderProps) {
  const { t } = useTranslation();
  const niche = useNicheText(data.niche);
  const titleId = useId();
  const posts = data.profiles.slice(0, FEED_LENGTH);
  return (
    <div className="social-lander space-y-6">
      <header>
        <h1 id={titleId} className="heading text-3xl sm:text-4xl">
          {t('landers.social.title', { people: niche.people })}
        </h1>
        <p className="mt-3 text-lg">{niche.lead}</p>
      </header>
      {posts.length > 0 ? (
        <ol className="mx-auto max-w-md space-y-4" aria-label={t('landers.social.feed')}>
          {posts.map((profile, index) => (
            <li key={profile.id}>
              <article className="card overflow-hidden" aria-labelledby={`${titleId}-post-${profile.id}`}>
                <header className="flex items-center gap-3 p-3">
                  <LanderPhoto profile={profile} decorative className="size-11 rounded-full" />
                  <h2 id={`${titleId}-post-${profile.id}`} className="text-base leading-tight">
                    <MemberCaption profile={profile} />
                  </h2>
                </header>
                <p className="px-3 pb-3">{t(`landers.social.post_${index % POST_TEXTS}`)}</p>
                <div className="relative">
                  <LanderPhoto profile={profile} priority={index === 0} className="aspect-[4/3] w-full" />
                  <FictionalMark className="absolute top-2 left-2" />
                </div>
                <div className="flex gap-2 border-t border-line p-2">
                  <a href="#signup" className="btn btn-ghost btn-sm flex-1">
                    <span aria-hidden="true">♥</span> {t('landers.social.like')}
                  </a>
                  <a href="#signup" className="btn btn-ghost btn-sm flex-1">
                    {t('landers.social.reply', { name: profile.name })}
                  </a>
                </div>
              </article>
            </li>
          ))}
        </ol>
      ) : null}
      <LanderClose signup={signup} />
    </div>
  );
}
