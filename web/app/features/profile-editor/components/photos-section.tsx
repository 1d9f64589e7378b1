import { PROFILE_IMAGE_ERRORS, type User } from '@rendezvous/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PhotoManager,
  type PhotoCallKind,
  type PhotoManagerKeys,
} from '../../../components/profile-fields/photo-manager';
import { ApiError } from '../../../lib/api-client';
import { uploadProfileImage } from '../../../lib/user-calls';
import { makeMainProfileImage, removeProfileImage } from '../api/profile-calls';
import { Section } from '../../../components/ui/section';
import { SavedNote } from './editor-section';

export interface PhotosSectionProps {
  user: User;
  /** The site's CDN address for media (settings.cdn_prefix), '' for this server. */
  cdnPrefix: string;
  onSaved: (user: User) => void;
}

/** The server's reason for a refused upload, as this page words it. */
const UPLOAD_PROBLEMS: Record<string, string> = {
  [PROFILE_IMAGE_ERRORS.type]: 'profile_edit.photo_wrong_type',
  [PROFILE_IMAGE_ERRORS.tooLarge]: 'profile_edit.photo_too_large',
  [PROFILE_IMAGE_ERRORS.tooManyPixels]: 'profile_edit.photo_too_many_pixels',
  [PROFILE_IMAGE_ERRORS.unreadable]: 'profile_edit.photo_unreadable',
  [PROFILE_IMAGE_ERRORS.tooMany]: 'profile_edit.photo_too_many',
};

function problemOf(error: unknown, kind: PhotoCallKind): string {
  console.warn('Changing the photos failed', error);
  if (error instanceof ApiError && error.status === 403) return 'profile_edit.logged_out';
  if (kind === 'change') return 'profile_edit.photo_change_failed';
  const reason = error instanceof ApiError ? error.body?.error.fields?.file : undefined;
  return (reason && UPLOAD_PROBLEMS[reason]) ?? 'profile_edit.photo_failed';
}

const KEYS: PhotoManagerKeys = {
  none: 'profile_edit.photos_none',
  add: 'profile_edit.photo_add',
  uploading: 'profile_edit.photo_uploading',
  hint: 'profile_edit.photo_hint',
  full: 'profile_edit.photo_too_many',
  wrongType: 'profile_edit.photo_wrong_type',
  tooLarge: 'profile_edit.photo_too_large',
  which: 'profile_edit.photo_which',
  alt: 'profile_edit.photo_alt',
  altMain: 'profile_edit.photo_alt_main',
  mainBadge: 'profile_edit.photo_main_badge',
  inReview: 'profile_edit.photo_in_review',
  makeMain: 'profile_edit.photo_make_main',
  remove: 'profile_edit.photo_remove',
  removeTitle: 'profile_edit.photo_remove_title',
  removeText: 'profile_edit.photo_remove_text',
  removeConfirm: 'profile_edit.photo_remove_confirm',
  removeKeep: 'profile_edit.photo_remove_keep',
  done: {
    added: 'profile_edit.photo_added',
    main: 'profile_edit.photo_main_changed',
    removed: 'profile_edit.photo_removed',
  },
};

/** The member's photos: add one (click or drop), choose the main one, remove one after asking. */
export function PhotosSection({ user, cdnPrefix, onSaved }: PhotosSectionProps) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <Section title={t('profile_edit.photos_title')} intro={t('profile_edit.photos_intro')} headingRef={headingRef}>
      <PhotoManager
        images={user.profile.images}
        mainId={user.profile.main_image?.id ?? null}
        cdnPrefix={cdnPrefix}
        keys={KEYS}
        headingRef={headingRef}
        upload={uploadProfileImage}
        makeMain={makeMainProfileImage}
        remove={removeProfileImage}
        onSaved={onSaved}
        problemOf={problemOf}
        renderDone={(text) => <SavedNote show={text !== null}>{text}</SavedNote>}
        listClassName="grid grid-cols-2 gap-3 sm:grid-cols-3"
      />
    </Section>
  );
}
