import type { ProfileCard as Card } from '@rendezvous/contract';
import { useTranslation } from 'react-i18next';
import { ProfileCard } from '../../../components/members/profile-card';
import { LikeButton } from './like-button';

/** Spec §2 alias: a profile opened from the likes lives under /likes/m/, where opening it marks the like seen. */
export const likedProfilePath = (memberId: number) => `/likes/m/${memberId}`;

export interface LikesGridItem {
  profile: Card;
  /** A received like the member has not opened yet. */
  isNew?: boolean;
}

export interface LikesGridProps {
  items: readonly LikesGridItem[];
  label: string;
}

/** One likes tab as cards: a new like is marked with a badge and a ring, and every card keeps its heart. */
export function LikesGrid({ items, label }: LikesGridProps) {
  const { t } = useTranslation();
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label={label}>
      {items.map(({ profile, isNew }) => (
        <li key={profile.id} className={isNew ? 'likes-new rounded-lg ring-2 ring-brand' : undefined}>
          <ProfileCard
            profile={profile}
            to={likedProfilePath(profile.id)}
            actions={
              <>
                {isNew ? <span className="badge bg-brand text-on-brand">{t('likes.new')}</span> : null}
                <LikeButton profileId={profile.id} name={profile.name} liked={profile.likes.did_like_profile} />
              </>
            }
          />
        </li>
      ))}
    </ul>
  );
}
