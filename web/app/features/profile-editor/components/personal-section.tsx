import { NAME_MAX, nameProblem, type User } from '@rendezvous/contract';
import { useMemo, useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectField, FormTextField } from '../../../components/forms/form-fields';
import { allowedValueFields, genderOptions } from '../../../components/profile-fields/allowed-values';
import {
  dateOfBirthProblem,
  joinDateParts,
  splitIsoDate,
  type DateParts,
} from '../../../components/profile-fields/date-of-birth';
import { DateOfBirthField } from '../../../components/profile-fields/date-of-birth-field';
import { useProfileFieldLabels } from '../../../components/profile-fields/labels';
import { fieldMessage } from '../../../components/profile-fields/messages';
import { updateProfile } from '../../../lib/user-calls';
import { useSectionForm } from '../hooks/use-section-form';
import { Section } from '../../../components/ui/section';
import { SectionForm } from './editor-section';
import type { PageSettings } from '../../../lib/web-context';

export interface PersonalSectionProps {
  user: User;
  settings: PageSettings;
  onSaved: (user: User) => void;
  /** "Today"; the real date unless a test fixes it. */
  today?: Date;
}

/** The site's choice fields sit beside the fixed ones, under the names the server gives them. */
type PersonalValues = { name: string; gender: string; date_of_birth: DateParts } & Record<string, string | DateParts>;

const answerOf = (value: string | DateParts | undefined) => (typeof value === 'string' && value ? value : null);

/** Spec §2 steps 0 and 4 again: the name, gender, date of birth and the site's other choices. */
export function PersonalSection({ user, settings, onSaved, today: fixedToday }: PersonalSectionProps) {
  const { t } = useTranslation();
  const labels = useProfileFieldLabels();
  const [today] = useState(() => fixedToday ?? new Date());
  const choiceFields = useMemo(() => allowedValueFields(settings), [settings]);
  // Once a save was tried, each message follows the typing, so it goes as soon as the field is fine.
  const { control, onSubmit, busy, saved, failure } = useSectionForm<PersonalValues>({
    defaultValues: {
      ...Object.fromEntries(choiceFields.map(({ name: field }) => [field, user.profile.personal[field] ?? ''])),
      name: user.profile.name,
      gender: user.profile.gender ?? '',
      date_of_birth: splitIsoDate(user.profile.date_of_birth),
    },
    recheckOnChange: true,
    save: (values) =>
      updateProfile({
        ...Object.fromEntries(choiceFields.map(({ name: field }) => [field, answerOf(values[field])])),
        name: values.name,
        gender: values.gender || null,
        date_of_birth: joinDateParts(values.date_of_birth) || null,
      }),
    onSaved,
  });
  const birth = useController({
    control,
    name: 'date_of_birth',
    rules: { validate: (parts) => dateOfBirthProblem(parts, today) ?? true },
  });
  const birthParts = useWatch({ control, name: 'date_of_birth' });
  // A wrong whole date shows at once; a half-chosen one only after trying to save.
  const birthKey =
    birth.fieldState.error?.message ?? (joinDateParts(birthParts) ? dateOfBirthProblem(birthParts, today) : null);

  return (
    <Section title={t('profile_edit.personal_title')} intro={t('profile_edit.personal_intro')}>
      <SectionForm
        submitLabel={t('profile_edit.personal_save')}
        busy={busy}
        saved={saved}
        failure={failure}
        onSubmit={onSubmit}
      >
        <FormTextField
          control={control}
          rules={{ validate: (name) => nameProblem(name, user.email) ?? true }}
          label={t('profile_edit.name')}
          hint={t('profile_edit.name_hint')}
          name="name"
          autoComplete="nickname"
          trim
          required
          maxLength={NAME_MAX}
        />
        <FormSelectField
          control={control}
          label={t('signup.gender')}
          name="gender"
          options={genderOptions(settings).map((value) => ({ value, label: t(`signup.gender_${value}`) }))}
          placeholder={t('profile_edit.not_given')}
        />
        <DateOfBirthField
          value={birthParts}
          onChange={birth.field.onChange}
          today={today}
          error={birthKey ? fieldMessage(t, birthKey, { name: 'date_of_birth' }) : undefined}
        />
        {choiceFields.map(({ name: field, values }) => (
          <FormSelectField
            key={field}
            control={control}
            label={labels.field(field)}
            name={field}
            options={values.map((value) => ({ value, label: labels.value(field, value) }))}
            placeholder={t('profile_edit.not_given')}
          />
        ))}
      </SectionForm>
    </Section>
  );
}
