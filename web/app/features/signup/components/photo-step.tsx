import type { User } from '@rendezvous/contract';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { photoProblem, type PhotoProblem } from '../../../components/profile-fields/photo';
import { PhotoDropArea } from '../../../components/profile-fields/photo-drop-area';
import { Button } from '../../../components/ui/button';
import { updateProfile, uploadProfileImage } from '../../../lib/user-calls';
import { STEP } from '../lib/signup-steps';
import { StepShell } from './step-shell';

export interface PhotoStepProps {
  user: User;
  onDone: (user?: User) => void;
  focusTitle?: boolean;
  top?: ReactNode;
}

/** Spec §2 step 2: one photo by click or drop; photos already there show as thumbnails. */
export function PhotoStep({ user, onDone, focusTitle, top }: PhotoStepProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<PhotoProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const problemId = useId();
  const images = user.profile.images;

  // The preview's object URL lives as long as it is shown.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  function choose(chosen: File) {
    const found = photoProblem(chosen);
    setProblem(found);
    if (found) return;
    setFile(chosen);
    setPreview(typeof URL.createObjectURL === 'function' ? URL.createObjectURL(chosen) : null);
  }

  /** Spec §4: continuing from this step saves the profile, with or without a new photo. */
  async function finish(upload: File | null) {
    if (busy) return;
    setBusy(true);
    let latest: User | undefined;
    if (upload) {
      try {
        latest = await uploadProfileImage(upload);
      } catch (error) {
        // Spec §8: a failed upload is logged only; the photo can be added from the profile later.
        console.warn('Photo upload failed', error);
      }
    }
    try {
      latest = await updateProfile({}, STEP.photo);
    } catch (error) {
      console.warn('Saving the sign-up step failed', error);
    }
    setBusy(false);
    onDone(latest);
  }

  return (
    <StepShell
      title={t('signup.photo_title')}
      intro={t('signup.photo_intro')}
      focusTitle={focusTitle}
      top={top}
      actions={
        <>
          <Button block size="lg" loading={busy} disabled={!file} onClick={() => void finish(file)}>
            {t('signup.photo_save')}
          </Button>
          <Button block variant="ghost" disabled={busy} onClick={() => void finish(null)}>
            {t('signup.photo_skip')}
          </Button>
        </>
      }
    >
      {images.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('signup.photo_existing')}>
          {images.map((image) => (
            <li key={image.id} className="w-20 space-y-1">
              <img
                src={`/media/${image.thumb_filename}`}
                alt={t('signup.photo_thumbnail')}
                className="size-20 rounded-lg object-cover"
                loading="lazy"
              />
              {image.in_review ? <p className="text-xs">{t('signup.photo_in_review')}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <PhotoDropArea
        label={file ? t('signup.photo_change') : t('signup.photo_add')}
        hint={t('signup.photo_hint')}
        preview={preview ? { src: preview, alt: t('signup.photo_preview') } : null}
        fileName={file?.name}
        problemId={problem ? problemId : undefined}
        onFile={choose}
      />
      {problem ? (
        <p id={problemId} className="field-error" role="alert">
          {problem === 'type' ? t('signup.photo_wrong_type') : t('signup.photo_too_large')}
        </p>
      ) : null}
    </StepShell>
  );
}
