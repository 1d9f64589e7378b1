import {
  PROFILE_THUMB_EDGE_PX,
  PROFILE_THUMB_FORMATS,
  PROFILE_THUMB_WIDTHS_PX,
  profileThumbVariant,
  showsLanguageBadge,
  type ProfileCard as Card,
  type ProfileThumbFormat,
} from '@rendezvous/contract';
import { useTranslation } from 'react-i18next';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { mediaUrl } from '../../lib/media';
import { useCountryNames } from '../profile-fields/labels';
import { useWebContext } from '../../lib/use-web-context';

/**
 * How wide a card's photo shows: the grids hold two cards a row on phones, three from `sm` and
 * four from `lg` (Tailwind's 640 and 1024 px), so the browser picks the copy its screen needs.
 */
const CARD_PHOTO_SIZES = '(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw';

/** The thumbnail's copies in one format at every width the pipeline makes (issue 17). */
function thumbSrcSet(thumbFilename: string, format: ProfileThumbFormat, cdnPrefix: string): string {
  return PROFILE_THUMB_WIDTHS_PX.map(
    (width) => `${mediaUrl(profileThumbVariant(thumbFilename, width, format), cdnPrefix)} ${width}w`,
  ).join(', ');
}

export interface ProfileCardProps {
  profile: Card;
  /** Where the card leads, usually the member's page. */
  to: string;
  /** Read by the results page to come back to the same card. */
  onOpen?: () => void;
  /** Controls a route puts on the card (a like button, a "new" badge), above the card-wide link. */
  actions?: ReactNode;
  /** The first card a screen shows: its photo is likely the largest paint, so it loads first. */
  priority?: boolean;
}

/**
 * One member in a grid (spec §3 profile card): photo, name, age, place, and the badges of spec §4.
 * Names, places and language codes are the member's data, so a browser translating the page leaves them alone.
 */
export function ProfileCard({ profile, to, onOpen, actions, priority = false }: ProfileCardProps) {
  const { t, i18n } = useTranslation();
  const { settings } = useWebContext();
  const countryName = useCountryNames();
  const place = [profile.city, profile.country ? countryName(profile.country) : null].filter(Boolean).join(', ');
  const badge = showsLanguageBadge(profile, i18n.language.slice(0, 2));
  // A photo that cannot be shown (removed meanwhile, a failed download) gives way to the placeholder,
  // never an empty box (issue 21).
  const [photoFailed, setPhotoFailed] = useState(false);
  const thumb = profile.main_image?.thumb_filename;

  return (
    <article className="profile-card card relative flex h-full flex-col overflow-hidden" data-profile-id={profile.id}>
      <div className="relative aspect-square bg-surface-muted">
        {thumb && !photoFailed ? (
          <picture>
            {PROFILE_THUMB_FORMATS.map((format) => (
              <source
                key={format}
                type={`image/${format}`}
                srcSet={thumbSrcSet(thumb, format, settings.cdn_prefix)}
                sizes={CARD_PHOTO_SIZES}
              />
            ))}
            <img
              src={mediaUrl(thumb, settings.cdn_prefix)}
              alt=""
              width={PROFILE_THUMB_EDGE_PX}
              height={PROFILE_THUMB_EDGE_PX}
              loading={priority ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : 'auto'}
              decoding="async"
              className="size-full object-cover"
              onError={() => setPhotoFailed(true)}
            />
          </picture>
        ) : (
          <div
            className="flex size-full items-center justify-center text-5xl text-ink-muted"
            aria-hidden="true"
            translate="no"
          >
            {profile.name.slice(0, 1).toUpperCase()}
          </div>
        )}
        {settings.fictional_icon && profile.fictional ? (
          <span className="badge absolute top-2 left-2" title={t('members.fictional_title')}>
            <span aria-hidden="true">★</span>
            <span className="sr-only">{t('members.fictional_title')}</span>
          </span>
        ) : null}
        {badge ? (
          <span className="badge absolute top-2 right-2" lang={profile.language}>
            <span translate="no">{profile.language.toUpperCase()}</span>
            <span className="sr-only">
              {' '}
              {t('members.speaks', {
                language: t(`languages.${profile.language}`, { defaultValue: profile.language }),
              })}
            </span>
          </span>
        ) : null}
        {actions ? <div className="absolute right-2 bottom-2 z-10 flex items-center gap-2">{actions}</div> : null}
      </div>
      <div className="flex flex-1 flex-col p-3">
        {/* One line, an ellipsis where it does not fit: the member's page has the whole of it. */}
        <h3 className="heading truncate text-base leading-tight">
          {/* The whole card is the link's target, so one tab stop per member. */}
          <Link to={to} onClick={onOpen} className="stretched-link">
            <span translate="no">{profile.name}</span>
            {profile.age !== null ? <span className="font-normal">, {profile.age}</span> : null}
          </Link>
        </h3>
        {place ? (
          <p className="mt-1 truncate text-sm text-ink-muted" translate="no">
            {place}
          </p>
        ) : null}
      </div>
    </article>
  );
}
