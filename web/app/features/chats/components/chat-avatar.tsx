import type { ChatProfile } from '@rendezvous/contract';
import { mediaUrl } from '../../../lib/media';

/** The other member's thumbnail, or their initial; decorative, as their name is always next to it. */
export function ChatAvatar({
  profile,
  cdnPrefix,
  size = 'md',
}: {
  profile: ChatProfile;
  cdnPrefix: string;
  size?: 'sm' | 'md';
}) {
  const box = size === 'sm' ? 'size-10' : 'size-12';
  if (profile.main_image) {
    return (
      <img
        src={mediaUrl(profile.main_image.thumb_filename, cdnPrefix)}
        alt=""
        className={`${box} shrink-0 rounded-full object-cover`}
        loading="lazy"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      translate="no"
      className={`${box} flex shrink-0 items-center justify-center rounded-full bg-brand-soft text-lg font-bold text-ink`}
    >
      {profile.name.slice(0, 1).toUpperCase()}
    </span>
  );
}
