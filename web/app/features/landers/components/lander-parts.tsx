import type { LanderProfile, Niche } from '@rendezvous/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../../lib/media';
import { useWebContext } from '../../../lib/use-web-context';
import type { LanderData } from '../api/load-lander';
import { nicheKey } from '../../../lib/niche';
import '../landers.css';

/** Demo thumbnails are this square (server/src/demo/avatars.ts); every <img> says so, so nothing shifts. */
export const THUMB_SIZE_PX = 240;

/** The niche's wording: `landers.niches.<niche>.<part>`. */
export function useNicheText(niche: Niche) {
  const { t } = useTranslation();
  const key = nicheKey(niche);
  return {
    title: t(`landers.niches.${key}.title`),
    lead: t(`landers.niches.${key}.lead`),
    people: t(`landers.niches.${key}.people`),
  };
}

export interface LanderPhotoProps {
  profile: LanderProfile;
  className?: string;
  /** The first photo in view: fetched at once and first. Others wait until they come near. */
  priority?: boolean;
  /** Decorative copies (a moving strip) carry no text; the person is named next to the photo otherwise. */
  decorative?: boolean;
}

export function LanderPhoto({ profile, className, priority = false, decorative = false }: LanderPhotoProps) {
  const { t } = useTranslation();
  const { settings } = useWebContext();
  return (
    <img
      src={mediaUrl(profile.thumb_filename, settings.cdn_prefix)}
      width={THUMB_SIZE_PX}
      height={THUMB_SIZE_PX}
      alt={decorative ? '' : t('landers.common.photo_alt', { name: profile.name })}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'low'}
      decoding="async"
      className={['object-cover', className ?? ''].join(' ')}
    />
  );
}

/** Name and age, then the place: member data, which a translating browser leaves alone. */
export function MemberCaption({ profile, className }: { profile: LanderProfile; className?: string }) {
  return (
    <span className={className} translate="no">
      <span className="font-semibold">
        {profile.name}
        {profile.age !== null ? `, ${profile.age}` : ''}
      </span>
      {profile.city ? <span className="block text-[0.9375em] opacity-85">{profile.city}</span> : null}
    </span>
  );
}

/** The site's fictional-profile mark (spec §3 fictional_icon) on a photo. */
export function FictionalMark({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { settings } = useWebContext();
  if (!settings.fictional_icon) return null;
  return (
    <span className={['badge', className ?? ''].join(' ')} title={t('members.fictional_title')}>
      <span aria-hidden="true">★</span>
      <span className="sr-only">{t('members.fictional_title')}</span>
    </span>
  );
}

/** Every lander shows only fictional profiles, so each says what they are (terms: impossible to miss). */
export function FictionalNote({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { settings } = useWebContext();
  return (
    <p className={['text-sm', className ?? ''].join(' ')}>
      {t('landers.common.fictional_note', { plural: settings.fictional_plural })}
    </p>
  );
}

/** The site's name atop the landers that bring their own chrome (empty layout). */
export function LanderBrand({ className }: { className?: string }) {
  const { settings } = useWebContext();
  return (
    <p className={['heading text-lg', className ?? ''].join(' ')} translate="no">
      {settings.name}
    </p>
  );
}

/** The closing part of every lander: the sign-up form or the call to it, and the note on fictional profiles. */
export function LanderClose({
  signup,
  className,
  onDark = false,
}: {
  signup: ReactNode;
  className?: string;
  onDark?: boolean;
}) {
  return (
    <div className={className}>
      {signup}
      <FictionalNote className={onDark ? 'mt-4 text-white/85' : 'mt-4 text-ink-muted'} />
    </div>
  );
}

export interface LanderProps {
  data: LanderData;
  /** The sign-up form (lander layout) or a call that opens it (empty layout), composed by the route. */
  signup: ReactNode;
}
