import type { ProfileImage } from '@rendezvous/contract';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../../lib/media';

export interface MemberPortraitProps {
  name: string;
  image: ProfileImage | null;
  cdnPrefix: string;
  className?: string;
}

/**
 * The member's main photo, or their initial on a tinted square when they have none. It is the
 * page's largest image and above the fold, so it loads eagerly and with priority.
 */
export function MemberPortrait({ name, image, cdnPrefix, className = '' }: MemberPortraitProps) {
  const { t } = useTranslation();
  if (!image) {
    return (
      <div
        className={`flex items-center justify-center bg-brand-soft text-8xl text-brand-strong ${className}`}
        role="img"
        aria-label={t('member_page.no_photo', { name })}
      >
        <span aria-hidden="true" translate="no">
          {name.slice(0, 1).toUpperCase()}
        </span>
      </div>
    );
  }
  return (
    <img
      src={mediaUrl(image.filename, cdnPrefix)}
      alt={t('member_lander.photo_alt', { name })}
      fetchPriority="high"
      decoding="async"
      className={`object-cover ${className}`}
    />
  );
}
