import { NOTE_MAX, type User } from '@rendezvous/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfileFieldLabels } from '../../../components/profile-fields/labels';
import { fieldMessage } from '../../../components/profile-fields/messages';
import { Button } from '../../../components/ui/button';
import { TextareaField } from '../../../components/ui/textarea-field';
import { ApiError } from '../../../lib/api-client';
import { updateProfile } from '../../../lib/user-calls';
import { STEP } from '../lib/signup-steps';
import { StepAlert, StepShell } from './step-shell';
import type { PageSettings } from '../../../lib/web-context';

/** The longest about-me text the server stores (contract NOTE_MAX). */

export interface AboutStepProps {
  user: User;
  settings: PageSettings;
  onDone: (user?: User) => void;
  focusTitle?: boolean;
  top?: ReactNode;
}

/** Spec §2 step 5: the site's free-text about-me fields, 150 px high, all optional. */
export function AboutStep({ user, settings, onDone, focusTitle, top }: AboutStepProps) {
  const { t } = useTranslation();
  const labels = useProfileFieldLabels();
  const notes = settings.visible_profile_notes;
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(notes.map((name) => [name, user.profile.personal[name] ?? ''])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const written = Object.fromEntries(Object.entries(texts).filter(([, text]) => text.trim() !== ''));
  const hasText = Object.keys(written).length > 0;

  async function save() {
    if (busy || !hasText) return;
    setBusy(true);
    setFailure(null);
    setErrors({});
    try {
      const updated = await updateProfile({ personal: written }, STEP.about);
      setBusy(false);
      onDone(updated);
    } catch (error) {
      setBusy(false);
      const fields = error instanceof ApiError && error.status === 400 ? error.body?.error.fields : undefined;
      if (fields) {
        // The server names a note either plainly or under personal.
        setErrors(
          Object.fromEntries(Object.entries(fields).map(([field, key]) => [field.replace(/^personal\./, ''), key])),
        );
      } else {
        console.warn('Saving the about-me texts failed', error);
        setFailure(t('signup.save_failed'));
      }
    }
  }

  return (
    <StepShell
      title={t('signup.about_title')}
      intro={t('signup.about_intro')}
      focusTitle={focusTitle}
      top={top}
      actions={
        <>
          <Button block size="lg" loading={busy} disabled={!hasText} onClick={() => void save()}>
            {t('signup.about_save')}
          </Button>
          <Button block variant="ghost" disabled={busy} onClick={() => onDone()}>
            {t('signup.about_skip')}
          </Button>
        </>
      }
    >
      {failure ? <StepAlert>{failure}</StepAlert> : null}
      {notes.map((name) => (
        <TextareaField
          key={name}
          label={labels.note(name)}
          name={name}
          value={texts[name] ?? ''}
          onChange={(value) => setTexts((current) => ({ ...current, [name]: value }))}
          maxLength={NOTE_MAX}
          textareaClassName="h-[150px]"
          error={errors[name] ? fieldMessage(t, errors[name], { name, label: labels.note(name) }) : undefined}
        />
      ))}
    </StepShell>
  );
}
