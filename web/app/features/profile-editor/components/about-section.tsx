import { NOTE_MAX, type User } from '@rendezvous/contract';
import { useTranslation } from 'react-i18next';
import { FormTextareaField } from '../../../components/forms/form-fields';
import { useProfileFieldLabels } from '../../../components/profile-fields/labels';
import { updateProfile } from '../../../lib/user-calls';
import { useSectionForm } from '../hooks/use-section-form';
import { Section } from '../../../components/ui/section';
import { SectionForm } from './editor-section';
import type { PageSettings } from '../../../lib/web-context';

export interface AboutSectionProps {
  user: User;
  settings: PageSettings;
  onSaved: (user: User) => void;
}

/** Spec §2 step 5 again: the site's about-me texts, 150 px high; an emptied one is removed. */
export function AboutSection({ user, settings, onSaved }: AboutSectionProps) {
  const { t } = useTranslation();
  const labels = useProfileFieldLabels();
  const notes = settings.visible_profile_notes;
  const waiting = new Set(user.profile.personal_in_review ?? []);
  const { control, onSubmit, busy, saved, failure } = useSectionForm<Record<string, string>>({
    defaultValues: Object.fromEntries(notes.map((name) => [name, user.profile.personal[name] ?? ''])),
    save: (texts) =>
      updateProfile({ personal: Object.fromEntries(notes.map((name) => [name, (texts[name] ?? '').trim()])) }),
    onSaved,
  });
  if (notes.length === 0) return null;

  return (
    <Section title={t('profile_edit.about_title')} intro={t('profile_edit.about_intro')}>
      <SectionForm
        submitLabel={t('profile_edit.about_save')}
        busy={busy}
        saved={saved}
        failure={failure}
        onSubmit={onSubmit}
      >
        {notes.map((name) => (
          <FormTextareaField
            key={name}
            control={control}
            label={labels.note(name)}
            name={name}
            maxLength={NOTE_MAX}
            textareaClassName="h-[150px]"
            hint={waiting.has(name) ? t('profile_edit.about_in_review') : undefined}
          />
        ))}
      </SectionForm>
    </Section>
  );
}
