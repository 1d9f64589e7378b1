import { GENDERS, LOCALES, NAME_MAX, NOTE_MAX, type PersonaSite } from '@rendezvous/contract';
import { useState } from 'react';
import { useController, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectField, FormTextareaField, FormTextField } from '../../../../components/forms/form-fields';
import { DateOfBirthField } from '../../../../components/profile-fields/date-of-birth-field';
import { useProfileFieldLabels } from '../../../../components/profile-fields/labels';
import { LocationFields } from '../../../../components/profile-fields/location-fields';
import { MIN_AGE_PARAMS } from '../../../../components/profile-fields/messages';
import { locationSettingsOf, siteFieldsOf, type PersonaProfile, type PersonaProfileInput } from './persona-form';

/** The profile fields members see, as the persona's site offers them; for a new persona and for changes. */
export function PersonaProfileFields({
  form,
  site,
}: {
  form: UseFormReturn<PersonaProfileInput, unknown, PersonaProfile>;
  site: PersonaSite;
}) {
  const { t } = useTranslation();
  const labels = useProfileFieldLabels();
  const [today] = useState(() => new Date());
  const { control } = form;
  const { errors } = form.formState;
  const birth = useController({ control, name: 'date_of_birth' });
  const [country, region, city] = useWatch({ control, name: ['country', 'countryregion', 'city'] });
  const { choices, notes } = siteFieldsOf(site);
  const notGiven = t('console.personas.fields.not_given');

  const birthError = birth.fieldState.error?.message;
  const locationError = (field: 'country' | 'region' | 'city') => {
    const message = errors[field === 'region' ? 'countryregion' : field]?.message;
    return message ? t(message) : undefined;
  };

  return (
    <>
      <FormTextField
        control={control}
        name="name"
        label={t('console.personas.fields.name')}
        autoComplete="off"
        trim
        required
        maxLength={NAME_MAX}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormSelectField
          control={control}
          name="gender"
          label={t('console.personas.fields.gender')}
          options={GENDERS.map((gender) => ({ value: gender, label: t(`signup.gender_${gender}`) }))}
          placeholder={t('signup.choose')}
          required
        />
        <FormSelectField
          control={control}
          name="language"
          label={t('console.personas.fields.language')}
          hint={t('console.personas.fields.language_hint')}
          options={LOCALES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
          required
        />
      </div>
      <DateOfBirthField
        value={birth.field.value}
        onChange={birth.field.onChange}
        today={today}
        error={birthError ? t(birthError, MIN_AGE_PARAMS) : undefined}
      />
      <LocationFields
        settings={locationSettingsOf(site)}
        value={{ country, region, city }}
        onChange={(next) => {
          form.setValue('country', next.country, { shouldDirty: true });
          form.setValue('countryregion', next.region, { shouldDirty: true });
          form.setValue('city', next.city, { shouldDirty: true });
        }}
        error={locationError}
      />
      {choices.length > 0 ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {choices.map(({ name, values }) => (
            <FormSelectField
              key={name}
              control={control}
              name={`personal.${name}`}
              label={labels.field(name)}
              options={values.map((value) => ({ value, label: labels.value(name, value) }))}
              placeholder={notGiven}
            />
          ))}
        </div>
      ) : null}
      {notes.map((name) => (
        <FormTextareaField
          key={name}
          control={control}
          name={`personal.${name}`}
          label={labels.note(name)}
          maxLength={NOTE_MAX}
          trim
        />
      ))}
    </>
  );
}
