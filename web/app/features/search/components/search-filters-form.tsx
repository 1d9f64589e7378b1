import { AGE_BUCKETS, type SearchFilterOptions } from '@rendezvous/contract';
import { useTranslation } from 'react-i18next';
import { useCountryNames } from '../../../components/profile-fields/labels';
import { useRegionNames } from '../../../components/profile-fields/region-names';
import { SelectField } from '../../../components/ui/select-field';
import { useWebContext } from '../../../lib/use-web-context';
import { useSiteRegions } from '../../../components/profile-fields/site-regions';

export interface SearchFiltersFormProps {
  filters: SearchFilterOptions;
  onChange: (filters: SearchFilterOptions) => void;
  disabled?: boolean;
}

const bucketOf = (filters: SearchFilterOptions) =>
  AGE_BUCKETS.find((bucket) => bucket.min_age === filters.min_age && bucket.max_age === filters.max_age)?.key ?? 'all';

/** Spec §3 search filters: gender, age bucket, country and region; every change searches at once. */
export function SearchFiltersForm({ filters, onChange, disabled }: SearchFiltersFormProps) {
  const { t } = useTranslation();
  const { settings } = useWebContext();
  const countryName = useCountryNames();
  const regions = useRegionNames().sorted(useSiteRegions()?.[filters.country] ?? []);

  return (
    <form
      className="card select-row p-4"
      aria-label={t('search.filters_label')}
      onSubmit={(event) => event.preventDefault()}
    >
      <SelectField
        label={t('search.gender')}
        name="gender"
        value={filters.gender}
        disabled={disabled}
        options={[
          { value: 'female', label: t('search.gender_female') },
          { value: 'male', label: t('search.gender_male') },
        ]}
        onChange={(gender) => onChange({ ...filters, gender: gender === 'male' ? 'male' : 'female' })}
      />
      <SelectField
        label={t('search.age')}
        name="age"
        value={bucketOf(filters)}
        disabled={disabled}
        options={AGE_BUCKETS.map((bucket) => ({ value: bucket.key, label: t(`search.age_${bucket.key}`) }))}
        onChange={(key) => {
          const bucket = AGE_BUCKETS.find((candidate) => candidate.key === key) ?? AGE_BUCKETS[0];
          onChange({ ...filters, min_age: bucket.min_age, max_age: bucket.max_age });
        }}
      />
      {settings.countries.length > 1 ? (
        <SelectField
          label={t('search.country')}
          name="country"
          value={filters.country}
          disabled={disabled}
          options={settings.countries.map((code) => ({ value: code, label: countryName(code) }))}
          // Spec §4: a new country resets the region to all.
          onChange={(country) => onChange({ ...filters, country, countryregion: 0 })}
        />
      ) : null}
      <SelectField
        label={t('search.region')}
        name="countryregion"
        value={String(filters.countryregion)}
        disabled={disabled || regions.length === 0}
        options={[
          { value: '0', label: t('search.region_all') },
          ...regions.map((region) => ({ value: String(region.id), label: region.name })),
        ]}
        onChange={(region) => onChange({ ...filters, countryregion: Number(region) })}
      />
    </form>
  );
}

const PLACEHOLDER_FILTERS: SearchFilterOptions = {
  gender: 'female',
  min_age: AGE_BUCKETS[0].min_age,
  max_age: AGE_BUCKETS[0].max_age,
  country: '',
  countryregion: 0,
};

/**
 * The form's place, held unseen while the saved search loads: the form comes with the first
 * answer, and without this the results and the page below them jump down when it does.
 */
export function SearchFiltersPlaceholder() {
  return (
    <div className="invisible" aria-hidden="true" inert>
      <SearchFiltersForm filters={PLACEHOLDER_FILTERS} onChange={() => undefined} disabled />
    </div>
  );
}
