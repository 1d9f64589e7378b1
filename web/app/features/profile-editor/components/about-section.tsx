import { NOTE_MAX, type Settings, type User } from '@rendezvous/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfileFieldLabels } from '../../../components/profile-fields/labels';
import { TextareaField } from '../../../components/ui/textarea-field';
import { updateProfile } from '../../../lib/user-calls';
import { useSectionSave } from '../hooks/use-section-save';
import { EditorSection, SectionForm } from './editor-section';

export interface AboutSectionProps {
  user: User;
  settings: Settings;
  onSaved: (user: User) => void;
}

/** Spec §2 step 5 again: the site's about-me texts, 150 px high; an emptied one is removed. */
export function AboutSection({ user, settings, onSaved }: AboutSectionProps) {
  const { t } = useTranslation();
  const labels = useProfileFieldLabels();
  const notes = settings.visible_profile_notes;
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(notes.map((name) => [name, user.profile.personal[name] ?? ''])),
  );
  const { state, failure, fieldErrors, save, edited } = useSectionSave(notes, onSaved);
  if (notes.length === 0) return null;

  function submit() {
    const personal = Object.fromEntries(notes.map((name) => [name, (texts[name] ?? '').trim()]));
    void save(() => updateProfile({ personal }));
  }

  return (
    <EditorSection title={t('profile_edit.about_title')} intro={t('profile_edit.about_intro')}>
      <SectionForm submitLabel={t('profile_edit.about_save')} state={state} failure={failure} onSubmit={submit}>
        {notes.map((name) => (
          <TextareaField
            key={name}
            label={labels.note(name)}
            name={name}
            value={texts[name] ?? ''}
            onChange={(value) => {
              edited();
              setTexts((current) => ({ ...current, [name]: value }));
            }}
            maxLength={NOTE_MAX}
            textareaClassName="h-[150px]"
            error={fieldErrors[name] ? t(fieldErrors[name]) : undefined}
          />
        ))}
      </SectionForm>
    </EditorSection>
  );
}
