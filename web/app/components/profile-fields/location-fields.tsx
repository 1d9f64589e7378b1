import { CITY_MAX, type PublicSettings } from '@rendezvous/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';
import { inNameOrder } from '../../lib/name-order';
import { useRegionalCode } from './country-names';
import { useCountryNames } from './labels';
import { useRegionNames } from './region-names';

export interface LocationValues {
  country: string;
  region: string;
  city: string;
}

/** What the fields read of a site: the members' settings, or what the console knows of a persona's site. */
export type LocationSettings = Pick<PublicSettings, 'countries' | 'region_data'> & {
  signup: Pick<PublicSettings['signup'], 'showCity'>;
};

export interface LocationFieldsProps {
  settings: LocationSettings;
  value: LocationValues;
  onChange: (next: LocationValues) => void;
  /** The translated error next to a field, if any. */
  error: (field: keyof LocationValues) => string | undefined;
}

/**
 * Spec §2 step 3's fields, for sign-up, the profile editor and the console's personas: country
 * only when the site has a choice, region when the country has any, town only where the site asks
 * for it.
 */
export function LocationFields({ settings, value, onChange, error }: LocationFieldsProps) {
  const { t } = useTranslation();
  const countryName = useCountryNames();
  const regionNames = useRegionNames();
  const regions = regionNames.sorted(settings.region_data[value.country] ?? []);
  const regional = useRegionalCode();
  const countryOptions = useMemo(
    () =>
      inNameOrder(
        settings.countries.map((code) => ({ value: code, label: countryName(code) })),
        regional,
        (option) => option.label,
      ),
    [settings.countries, countryName, regional],
  );

  return (
    <>
      {settings.countries.length > 1 ? (
        <SelectField
          label={t('signup.country')}
          name="country"
          value={value.country}
          // Regions belong to one country: another country starts again from all regions (spec §4).
          onChange={(country) => onChange({ ...value, country, region: '' })}
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
          value={value.region}
          onChange={(region) => onChange({ ...value, region })}
          options={regions.map((item) => ({ value: String(item.id), label: item.name }))}
          placeholder={t('signup.region_placeholder')}
          error={error('region')}
        />
      ) : null}
      {settings.signup.showCity ? (
        <TextField
          label={t('signup.city')}
          name="city"
          autoComplete="address-level2"
          value={value.city}
          onChange={(city) => onChange({ ...value, city })}
          trim
          maxLength={CITY_MAX}
          error={error('city')}
        />
      ) : null}
    </>
  );
}
