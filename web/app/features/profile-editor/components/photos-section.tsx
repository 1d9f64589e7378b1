import { PROFILE_IMAGE_ERRORS, PROFILE_IMAGE_MAX_COUNT, type ProfileImage, type User } from '@rendezvous/contract';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { photoProblem } from '../../../components/profile-fields/photo';
import { PhotoDropArea } from '../../../components/profile-fields/photo-drop-area';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { mediaUrl } from '../../../lib/media';
import { uploadProfileImage } from '../../../lib/user-calls';
import { makeMainProfileImage, removeProfileImage } from '../api/profile-calls';
import { EditorSection, SavedNote } from './editor-section';

export interface PhotosSectionProps {
  user: User;
  /** The site's CDN address for media (settings.cdn_prefix), '' for this server. */
  cdnPrefix: string;
  onSaved: (user: User) => void;
}

type Busy = { kind: 'upload' } | { kind: 'main' | 'remove'; id: number } | null;

/** What went right last, for the note under the photos. */
type Done = 'added' | 'main' | 'removed' | null;

/** The server's reason for a refused upload, as this page words it. */
const UPLOAD_PROBLEMS: Record<string, string> = {
  [PROFILE_IMAGE_ERRORS.type]: 'profile_edit.photo_wrong_type',
  [PROFILE_IMAGE_ERRORS.tooLarge]: 'profile_edit.photo_too_large',
  [PROFILE_IMAGE_ERRORS.tooManyPixels]: 'profile_edit.photo_too_many_pixels',
  [PROFILE_IMAGE_ERRORS.unreadable]: 'profile_edit.photo_unreadable',
  [PROFILE_IMAGE_ERRORS.tooMany]: 'profile_edit.photo_too_many',
};

function uploadProblemOf(error: unknown): string {
  if (!(error instanceof ApiError)) return 'profile_edit.photo_failed';
  if (error.status === 403) return 'profile_edit.logged_out';
  const reason = error.body?.error.fields?.file;
  return (reason && UPLOAD_PROBLEMS[reason]) ?? 'profile_edit.photo_failed';
}

/** The member's photos: add one (click or drop), choose the main one, remove one after asking. */
export function PhotosSection({ user, cdnPrefix, onSaved }: PhotosSectionProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<Busy>(null);
  const [done, setDone] = useState<Done>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<{ image: ProfileImage; number: number } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const problemId = useId();
  const { images } = user.profile;
  const mainId = user.profile.main_image?.id ?? null;
  const full = images.length >= PROFILE_IMAGE_MAX_COUNT;

  async function run(next: Exclude<Busy, null>, call: () => Promise<User>, outcome: Exclude<Done, null>) {
    setBusy(next);
    setDone(null);
    setProblem(null);
    try {
      onSaved(await call());
      setDone(outcome);
      return true;
    } catch (error) {
      console.warn('Changing the photos failed', error);
      setProblem(
        next.kind === 'upload'
          ? uploadProblemOf(error)
          : error instanceof ApiError && error.status === 403
            ? 'profile_edit.logged_out'
            : 'profile_edit.photo_change_failed',
      );
      return false;
    } finally {
      setBusy(null);
    }
  }

  function add(file: File) {
    const found = photoProblem(file);
    if (found) {
      setDone(null);
      setProblem(found === 'type' ? 'profile_edit.photo_wrong_type' : 'profile_edit.photo_too_large');
      return;
    }
    void run({ kind: 'upload' }, () => uploadProfileImage(file), 'added');
  }

  async function confirmRemove() {
    if (!removing) return;
    const { id } = removing.image;
    setRemoving(null);
    // The button that had focus goes with the photo; the section's heading is the nearest place to land.
    if (await run({ kind: 'remove', id }, () => removeProfileImage(id), 'removed')) headingRef.current?.focus();
  }

  const doneText = {
    added: t('profile_edit.photo_added'),
    main: t('profile_edit.photo_main_changed'),
    removed: t('profile_edit.photo_removed'),
  };

  return (
    <EditorSection
      title={t('profile_edit.photos_title')}
      intro={t('profile_edit.photos_intro')}
      headingRef={headingRef}
    >
      {images.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {images.map((image, index) => {
            const number = index + 1;
            const isMain = image.id === mainId;
            // Every photo has these buttons: the hidden part tells a screen reader which photo each one is for.
            const which = (
              <>
                {' '}
                <span className="sr-only">{t('profile_edit.photo_which', { number })}</span>
              </>
            );
            return (
              <li key={image.id} className="flex flex-col gap-2">
                <div className="relative">
                  <img
                    src={mediaUrl(image.thumb_filename, cdnPrefix)}
                    alt={t(isMain ? 'profile_edit.photo_alt_main' : 'profile_edit.photo_alt', { number })}
                    className={[
                      'aspect-square w-full rounded-lg object-cover',
                      isMain ? 'outline-3 outline-offset-2 outline-brand' : '',
                    ].join(' ')}
                    loading="lazy"
                  />
                  {isMain ? (
                    <span
                      className="absolute start-2 top-2 rounded-full bg-brand px-2.5 py-0.5 text-sm font-semibold text-on-brand"
                      aria-hidden="true"
                    >
                      {t('profile_edit.photo_main_badge')}
                    </span>
                  ) : null}
                </div>
                {isMain ? null : (
                  <Button
                    size="sm"
                    variant="secondary"
                    block
                    disabled={busy !== null}
                    loading={busy?.kind === 'main' && busy.id === image.id}
                    onClick={() =>
                      void run({ kind: 'main', id: image.id }, () => makeMainProfileImage(image.id), 'main')
                    }
                  >
                    {t('profile_edit.photo_make_main')}
                    {which}
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  block
                  disabled={busy !== null}
                  loading={busy?.kind === 'remove' && busy.id === image.id}
                  onClick={() => setRemoving({ image, number })}
                >
                  {t('profile_edit.photo_remove')}
                  {which}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p>{t('profile_edit.photos_none')}</p>
      )}
      {full ? (
        <p>{t('profile_edit.photo_too_many', { max: PROFILE_IMAGE_MAX_COUNT })}</p>
      ) : (
        <PhotoDropArea
          label={busy?.kind === 'upload' ? t('profile_edit.photo_uploading') : t('profile_edit.photo_add')}
          hint={t('profile_edit.photo_hint')}
          problemId={problem ? problemId : undefined}
          disabled={busy !== null}
          onFile={add}
        />
      )}
      {problem ? <FormAlert id={problemId}>{t(problem, { max: PROFILE_IMAGE_MAX_COUNT })}</FormAlert> : null}
      <SavedNote show={done !== null}>{done ? doneText[done] : null}</SavedNote>
      {removing ? (
        <Modal
          open
          onClose={() => setRemoving(null)}
          title={t('profile_edit.photo_remove_title')}
          footer={
            <>
              <Button variant="ghost" onClick={() => setRemoving(null)}>
                {t('profile_edit.photo_remove_keep')}
              </Button>
              <Button variant="danger" onClick={() => void confirmRemove()}>
                {t('profile_edit.photo_remove_confirm')}
              </Button>
            </>
          }
        >
          <div className="space-y-3">
            <img
              src={mediaUrl(removing.image.thumb_filename, cdnPrefix)}
              alt={t('profile_edit.photo_alt', { number: removing.number })}
              className="size-32 rounded-lg object-cover"
            />
            <p>{t('profile_edit.photo_remove_text')}</p>
          </div>
        </Modal>
      ) : null}
    </EditorSection>
  );
}
