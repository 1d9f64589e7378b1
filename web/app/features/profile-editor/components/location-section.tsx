import { VALIDATION, type Settings, type User } from '@rendezvous/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocationFields } from '../../../components/profile-fields/location-fields';
import { updateLocation } from '../../../lib/user-calls';
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
  const [country, setCountry] = useState(() => initialCountry(user, settings));
  const [region, setRegion] = useState(() => (user.profile.countryregion ? String(user.profile.countryregion) : ''));
  const [city, setCity] = useState(user.profile.city ?? '');
  const { state, failure, fieldErrors, setFieldErrors, save, edited } = useSectionSave(FIELDS, onSaved);
  const showCity = settings.signup.showCity;
  const regions = settings.region_data[country] ?? [];

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
        <LocationFields
          settings={settings}
          value={{ country, region, city }}
          onChange={(next) => {
            edited();
            setCountry(next.country);
            setRegion(next.region);
            setCity(next.city);
          }}
          error={(field) => error(field === 'region' ? 'countryregion' : field)}
        />
      </SectionForm>
    </EditorSection>
  );
}
