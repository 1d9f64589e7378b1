import { CITY_MAX, VALIDATION, type Settings, type User } from '@rendezvous/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountryNames } from '../../../components/profile-fields/labels';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { updateLocation } from '../api/profile-calls';
import { useSectionSave } from '../hooks/use-section-save';
import { EditorSection, SectionForm } from './editor-section';

const FIELDS = ['country', 'countryregion', 'city'] as const;

export interface LocationSectionProps {
  user: User;
  settings: Settings;
  onSaved: (user: User) => void;
}

/** The member's country, else the site's only one. */
function initialCountry(user: User, settings: Settings): string {
  if (user.profile.country && settings.countries.includes(user.profile.country)) return user.profile.country;
  return settings.countries.length === 1 ? (settings.countries[0] ?? '') : '';
}

/** Spec §2 step 3 again: country (when there is a choice), region and town. */
export function LocationSection({ user, settings, onSaved }: LocationSectionProps) {
  const { t } = useTranslation();
  const countryName = useCountryNames();
  const [country, setCountry] = useState(() => initialCountry(user, settings));
  const [region, setRegion] = useState(() => (user.profile.countryregion ? String(user.profile.countryregion) : ''));
  const [city, setCity] = useState(user.profile.city ?? '');
  const { state, failure, fieldErrors, setFieldErrors, save, edited } = useSectionSave(FIELDS, onSaved);
  const showCity = settings.signup.showCity;
  const regions = settings.region_data[country] ?? [];

  const countryOptions = useMemo(
    () =>
      settings.countries
        .map((code) => ({ value: code, label: countryName(code) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [settings.countries, countryName],
  );

  function submit() {
    if (!country) {
      setFieldErrors({ country: VALIDATION.required });
      return;
    }
    void save(() =>
      updateLocation({
        country,
        countryregion: region ? Number(region) : null,
        ...(showCity ? { city: city || null } : {}),
      }),
    );
  }

  // A site with one country, no regions and no town field leaves nothing to choose.
  if (settings.countries.length <= 1 && regions.length === 0 && !showCity) return null;

  const error = (field: (typeof FIELDS)[number]) => (fieldErrors[field] ? t(fieldErrors[field]) : undefined);

  return (
    <EditorSection title={t('profile_edit.location_title')} intro={t('profile_edit.location_intro')}>
      <SectionForm submitLabel={t('profile_edit.location_save')} state={state} failure={failure} onSubmit={submit}>
        {settings.countries.length > 1 ? (
          <SelectField
            label={t('signup.country')}
            name="country"
            value={country}
            onChange={(value) => {
              edited();
              setCountry(value);
              // Regions belong to one country: another country starts again from none.
              setRegion('');
            }}
            options={countryOptions}
            placeholder={t('signup.country_placeholder')}
            required
            error={error('country')}
          />
        ) : null}
        {regions.length > 0 ? (
          <SelectField
            label={t('signup.region')}
            name="countryregion"
            value={region}
            onChange={(value) => {
              edited();
              setRegion(value);
            }}
            options={regions.map((item) => ({ value: String(item.id), label: item.name }))}
            placeholder={t('signup.region_placeholder')}
            error={error('countryregion')}
          />
        ) : null}
        {showCity ? (
          <TextField
            label={t('signup.city')}
            name="city"
            autoComplete="address-level2"
            value={city}
            onChange={(value) => {
              edited();
              setCity(value);
            }}
            trim
            maxLength={CITY_MAX}
            error={error('city')}
          />
        ) : null}
      </SectionForm>
    </EditorSection>
  );
}
