import { useTranslation } from 'react-i18next';
import { useWebContext } from '../../../lib/use-web-context';
import { useLikeToggle } from '../hooks/use-like-toggle';

export interface LikeButtonProps {
  profileId: number;
  /** The member's name, so each heart in a grid says whom it likes. */
  name: string;
  /** Whether the member liked this profile, as the server last said. */
  liked: boolean;
}

/** Spec §4 like toggle: a pressed/unpressed heart, 44 px to tap, that never blocks a second tap. */
export function LikeButton({ profileId, name, liked: likedOnServer }: LikeButtonProps) {
  const { t } = useTranslation();
  const { user } = useWebContext();
  const { liked, loading, toggle } = useLikeToggle(user?.profile.id ?? 0, profileId, likedOnServer);
  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-busy={loading || undefined}
      onClick={toggle}
      className={[
        'like-button inline-flex size-11 items-center justify-center rounded-full border border-line bg-surface shadow-sm',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand',
        liked ? 'text-brand' : 'text-ink-muted hover:text-brand',
      ].join(' ')}
    >
      <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true" focusable="false">
        <path
          d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 2.9 4.5 6.6 4.1c2-.2 3.9.8 5.4 2.6 1.5-1.8 3.4-2.8 5.4-2.6 3.7.4 5.7 4.3 4.2 7.7C19.5 16.4 12 21 12 21z"
          fill={liked ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      <span className="sr-only">{liked ? t('likes.unlike', { name }) : t('likes.like', { name })}</span>
    </button>
  );
}
