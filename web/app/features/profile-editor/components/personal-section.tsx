import { NAME_MAX, nameProblem, type Settings, type User } from '@rendezvous/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allowedValueFields, genderOptions } from '../../../components/profile-fields/allowed-values';
import {
  dateOfBirthProblem,
  joinDateParts,
  splitIsoDate,
  type DateParts,
} from '../../../components/profile-fields/date-of-birth';
import { DateOfBirthField } from '../../../components/profile-fields/date-of-birth-field';
import { useProfileFieldLabels } from '../../../components/profile-fields/labels';
import { MIN_AGE_PARAMS } from '../../../components/profile-fields/messages';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { updateProfile } from '../../../lib/user-calls';
import { useSectionSave } from '../hooks/use-section-save';
import { EditorSection, SectionForm } from './editor-section';

export interface PersonalSectionProps {
  user: User;
  settings: Settings;
  onSaved: (user: User) => void;
  /** "Today"; the real date unless a test fixes it. */
  today?: Date;
}

/** Spec §2 steps 0 and 4 again: the name, gender, date of birth and the site's other choices. */
export function PersonalSection({ user, settings, onSaved, today: fixedToday }: PersonalSectionProps) {
  const { t } = useTranslation();
  const labels = useProfileFieldLabels();
  const [today] = useState(() => fixedToday ?? new Date());
  const choiceFields = useMemo(() => allowedValueFields(settings), [settings]);
  const formFields = useMemo(
    () => ['name', 'gender', 'date_of_birth', ...choiceFields.map(({ name }) => name)],
    [choiceFields],
  );
  const [name, setName] = useState(user.profile.name);
  const [gender, setGender] = useState<string>(user.profile.gender ?? '');
  const [birth, setBirth] = useState<DateParts>(() => splitIsoDate(user.profile.date_of_birth));
  const [choices, setChoices] = useState<Record<string, string>>(() =>
    Object.fromEntries(choiceFields.map(({ name: field }) => [field, user.profile.personal[field] ?? ''])),
  );
  // A wrong whole date shows at once; a half-chosen one only after trying to save.
  const [tried, setTried] = useState(false);
  const { state, failure, fieldErrors, setFieldErrors, save, edited } = useSectionSave(formFields, onSaved);

  const birthKey = dateOfBirthProblem(birth, today);
  const birthMessage = ((tried || Boolean(joinDateParts(birth))) && birthKey) || fieldErrors.date_of_birth;
  const nameKey = tried ? nameProblem(name, user.email) : null;

  function submit() {
    setTried(true);
    if (nameProblem(name, user.email) || birthKey) return;
    const answers = Object.fromEntries(choiceFields.map(({ name: field }) => [field, choices[field] || null]));
    void save(() =>
      updateProfile({ ...answers, name, gender: gender || null, date_of_birth: joinDateParts(birth) || null }),
    );
  }

  const message = (key: string | null | undefined) => (key ? t(key, MIN_AGE_PARAMS) : undefined);

  return (
    <EditorSection title={t('profile_edit.personal_title')} intro={t('profile_edit.personal_intro')}>
      <SectionForm submitLabel={t('profile_edit.personal_save')} state={state} failure={failure} onSubmit={submit}>
        <TextField
          label={t('profile_edit.name')}
          hint={t('profile_edit.name_hint')}
          name="name"
          autoComplete="nickname"
          value={name}
          onChange={(value) => {
            edited();
            setName(value);
          }}
          trim
          required
          maxLength={NAME_MAX}
          error={message(nameKey ?? fieldErrors.name)}
        />
        <SelectField
          label={t('signup.gender')}
          name="gender"
          value={gender}
          onChange={(value) => {
            edited();
            setGender(value);
          }}
          options={genderOptions(settings).map((value) => ({ value, label: t(`signup.gender_${value}`) }))}
          placeholder={t('profile_edit.not_given')}
          error={message(fieldErrors.gender)}
        />
        <DateOfBirthField
          value={birth}
          onChange={(next) => {
            edited();
            setBirth(next);
            setFieldErrors((current) => ({ ...current, date_of_birth: '' }));
          }}
          today={today}
          error={message(birthMessage)}
        />
        {choiceFields.map(({ name: field, values }) => (
          <SelectField
            key={field}
            label={labels.field(field)}
            name={field}
            value={choices[field] ?? ''}
            onChange={(value) => {
              edited();
              setChoices((current) => ({ ...current, [field]: value }));
            }}
            options={values.map((value) => ({ value, label: labels.value(field, value) }))}
            placeholder={t('profile_edit.not_given')}
            error={message(fieldErrors[field])}
          />
        ))}
      </SectionForm>
    </EditorSection>
  );
}
