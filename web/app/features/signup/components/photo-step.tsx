import { PROFILE_IMAGE_ACCEPT, PROFILE_IMAGE_MAX_BYTES, type User } from '@rendezvous/contract';
import { useEffect, useId, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { updateProfile, uploadProfileImage } from '../api/signup-calls';
import { isAcceptedPhoto } from '../lib/photo';
import { STEP } from '../lib/signup-steps';
import { StepShell } from './step-shell';

export interface PhotoStepProps {
  user: User;
  onDone: (user?: User) => void;
  focusTitle?: boolean;
  top?: ReactNode;
}

type Problem = 'type' | 'size' | null;

/** Spec §2 step 2: one photo by click or drop; photos already there show as thumbnails. */
export function PhotoStep({ user, onDone, focusTitle, top }: PhotoStepProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const problemId = useId();
  const images = user.profile.images;

  // The preview's object URL lives as long as it is shown.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  function choose(chosen: File | undefined) {
    if (!chosen) return;
    if (!isAcceptedPhoto(chosen)) {
      setProblem('type');
      return;
    }
    if (chosen.size > PROFILE_IMAGE_MAX_BYTES) {
      setProblem('size');
      return;
    }
    setProblem(null);
    setFile(chosen);
    setPreview(typeof URL.createObjectURL === 'function' ? URL.createObjectURL(chosen) : null);
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
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
            <li key={image.id}>
              <img
                src={`/media/${image.thumb_filename}`}
                alt={t('signup.photo_thumbnail')}
                className="size-20 rounded-lg object-cover"
                loading="lazy"
              />
            </li>
          ))}
        </ul>
      ) : null}
      <label
        htmlFor={inputId}
        className={[
          'photo-drop flex min-h-48 cursor-pointer flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed p-5 text-center',
          'focus-within:outline-3 focus-within:outline-offset-2',
          dragging ? 'border-brand bg-brand-soft' : 'border-line',
        ].join(' ')}
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {preview ? (
          <img src={preview} alt={t('signup.photo_preview')} className="max-h-48 rounded-lg object-contain" />
        ) : (
          <svg className="size-12 text-brand" viewBox="0 0 24 24" fill="none" aria-hidden="true">
            <path d="M4 7h3l2-2.5h6L17 7h3v12H4V7z" stroke="currentColor" strokeWidth="1.75" strokeLinejoin="round" />
            <circle cx="12" cy="13" r="3.5" stroke="currentColor" strokeWidth="1.75" />
          </svg>
        )}
        <span className="font-semibold">{file ? t('signup.photo_change') : t('signup.photo_add')}</span>
        {file ? <span className="break-all text-ink-muted">{file.name}</span> : null}
        <span className="text-[0.9375rem] text-ink-muted">{t('signup.photo_hint')}</span>
        <input
          id={inputId}
          type="file"
          name="file"
          accept={PROFILE_IMAGE_ACCEPT}
          className="sr-only"
          aria-describedby={problem ? problemId : undefined}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => {
            choose(event.target.files?.[0]);
            // The same file picked again after a problem still counts as a choice.
            event.target.value = '';
          }}
        />
      </label>
      {problem ? (
        <p id={problemId} className="field-error" role="alert">
          {problem === 'type' ? t('signup.photo_wrong_type') : t('signup.photo_too_large')}
        </p>
      ) : null}
    </StepShell>
  );
}
