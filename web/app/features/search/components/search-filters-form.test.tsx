import {
  REGIONAL_CODES,
  type Catalogue,
  type SearchFilterOptions,
  type Settings,
  type WebContext,
} from '@rendezvous/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import nl from '../../../../locales/nl.json';
import { fakeApi, json } from '../../../test/fake-api';
import { createTestI18n, makeWebContext, renderWithRoot, testI18n } from '../../../test/render';
import { SearchFiltersForm } from './search-filters-form';

const NL_MESSAGES: Catalogue = nl;
const t = testI18n.t;

/** Spec §9 age buckets, in the order the select offers them. */
const BUCKETS = [
  { key: 'all', min_age: 18, max_age: 100 },
  { key: '18-25', min_age: 18, max_age: 25 },
  { key: '26-35', min_age: 26, max_age: 35 },
  { key: '36-45', min_age: 36, max_age: 45 },
  { key: '46-55', min_age: 46, max_age: 55 },
  { key: '56-65', min_age: 56, max_age: 65 },
  { key: '65+', min_age: 66, max_age: 100 },
] as const;

const REGIONS: Settings['region_data'] = {
  NL: [
    { id: 5, code: 'NL-NH', name: 'Noord-Holland' },
    { id: 6, code: 'NL-UT', name: 'Utrecht' },
  ],
  BE: [{ id: 9, code: 'BE-VAN', name: 'Antwerpen' }],
};

const FILTERS: SearchFilterOptions = { gender: 'female', min_age: 36, max_age: 45, country: 'NL', countryregion: 5 };

const countryName = (code: string) => new Intl.DisplayNames([REGIONAL_CODES.en], { type: 'region' }).of(code);

function renderForm({
  filters = FILTERS,
  settings = {},
  disabled,
  web = makeWebContext({ settings: { countries: ['NL', 'BE'], region_data: REGIONS, ...settings } }),
  i18n = testI18n,
}: {
  filters?: SearchFilterOptions;
  settings?: Partial<Settings>;
  disabled?: boolean;
  web?: WebContext;
  i18n?: I18n;
} = {}) {
  const onChange = vi.fn<(filters: SearchFilterOptions) => void>();
  renderWithRoot(<SearchFiltersForm filters={filters} onChange={onChange} disabled={disabled} />, { web, i18n });
  return onChange;
}

/** The form as the search page uses it: every change becomes the new filters. */
function StatefulForm({
  initial,
  onChange,
}: {
  initial: SearchFilterOptions;
  onChange: (f: SearchFilterOptions) => void;
}) {
  const [filters, setFilters] = useState(initial);
  return (
    <SearchFiltersForm
      filters={filters}
      onChange={(next) => {
        onChange(next);
        setFilters(next);
      }}
    />
  );
}

const select = (name: string) => screen.getByRole<HTMLSelectElement>('combobox', { name });
const optionTexts = (element: HTMLElement) =>
  within(element)
    .getAllByRole('option')
    .map((option) => option.textContent);
const shown = (element: HTMLSelectElement) => element.selectedOptions[0]?.textContent;

describe('SearchFiltersForm', () => {
  it('is a form named for the search filters', () => {
    renderForm();
    expect(screen.getByRole('form', { name: t('search.filters_label') })).toBeTruthy();
  });

  describe('age (spec §9)', () => {
    it('offers the seven buckets in the interface language, showing the current one', () => {
      renderForm();
      const age = select(t('search.age'));
      expect(optionTexts(age)).toEqual(BUCKETS.map((bucket) => t(`search.age_${bucket.key}`)));
      expect(shown(age)).toBe(t('search.age_36-45'));
    });

    it('offers them in Dutch in a Dutch interface', async () => {
      const i18n = createTestI18n();
      i18n.addResourceBundle('nl', 'translation', NL_MESSAGES);
      await i18n.changeLanguage('nl');
      renderForm({
        i18n,
        web: { ...makeWebContext({ settings: { countries: ['NL', 'BE'], region_data: REGIONS } }), locale: 'nl' },
      });
      const age = select(i18n.t('search.age'));
      const dutch = BUCKETS.map((bucket) => i18n.t(`search.age_${bucket.key}`));
      expect(optionTexts(age)).toEqual(dutch);
      // Guards the test itself: the Dutch labels are not the English ones.
      expect(dutch[0]).not.toBe(t('search.age_all'));
    });

    it('shows all ages for an age range that is not a bucket', () => {
      renderForm({ filters: { ...FILTERS, min_age: 30, max_age: 40 } });
      expect(shown(select(t('search.age')))).toBe(t('search.age_all'));
    });

    it.each(BUCKETS)('searches $key as ages $min_age to $max_age', async (bucket) => {
      const user = userEvent.setup({ delay: null });
      // Start from another bucket, so choosing this one is a change.
      const start = bucket.key === '36-45' ? { min_age: 26, max_age: 35 } : { min_age: 36, max_age: 45 };
      const onChange = renderForm({ filters: { ...FILTERS, ...start } });

      await user.selectOptions(select(t('search.age')), t(`search.age_${bucket.key}`));

      expect(onChange).toHaveBeenCalledTimes(1);
      expect(onChange).toHaveBeenCalledWith({ ...FILTERS, min_age: bucket.min_age, max_age: bucket.max_age });
    });
  });

  it('searches the other gender when it is chosen, keeping the rest', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = renderForm();
    const gender = select(t('search.gender'));
    expect(optionTexts(gender)).toEqual([t('search.gender_female'), t('search.gender_male')]);

    await user.selectOptions(gender, t('search.gender_male'));

    expect(onChange).toHaveBeenCalledWith({ ...FILTERS, gender: 'male' });
  });

  describe('country and region (spec §3, §4)', () => {
    it("offers the site's countries by name", () => {
      renderForm();
      const country = select(t('search.country'));
      expect(optionTexts(country)).toEqual([countryName('NL'), countryName('BE')]);
      expect(shown(country)).toBe(countryName('NL'));
    });

    it('leaves the country out on a site with a single country', () => {
      renderForm({ settings: { countries: ['NL'] } });
      expect(screen.queryByRole('combobox', { name: t('search.country') })).toBeNull();
      // The region of that country can still be chosen.
      expect(optionTexts(select(t('search.region')))).toEqual([t('search.region_all'), 'North Holland', 'Utrecht']);
    });

    it('names and orders the regions in the interface language (issue 21)', async () => {
      const i18n = createTestI18n();
      i18n.addResourceBundle('nl', 'translation', NL_MESSAGES);
      await i18n.changeLanguage('nl');
      renderForm({
        i18n,
        web: { ...makeWebContext({ settings: { countries: ['NL', 'BE'], region_data: REGIONS } }), locale: 'nl' },
      });
      expect(optionTexts(select(i18n.t('search.region')))).toEqual([
        i18n.t('search.region_all'),
        'Noord-Holland',
        'Utrecht',
      ]);
    });

    it('resets the region to all when the country changes', async () => {
      const user = userEvent.setup({ delay: null });
      const onChange = renderForm();

      await user.selectOptions(select(t('search.country')), countryName('BE')!);

      expect(onChange).toHaveBeenCalledTimes(1);
      expect(onChange).toHaveBeenCalledWith({ ...FILTERS, country: 'BE', countryregion: 0 });
    });

    it('lists the regions of the chosen country, all regions first', async () => {
      const user = userEvent.setup({ delay: null });
      const onChange = vi.fn<(filters: SearchFilterOptions) => void>();
      renderWithRoot(<StatefulForm initial={FILTERS} onChange={onChange} />, {
        web: makeWebContext({ settings: { countries: ['NL', 'BE'], region_data: REGIONS } }),
      });
      const region = select(t('search.region'));
      expect(optionTexts(region)).toEqual([t('search.region_all'), 'North Holland', 'Utrecht']);
      expect(shown(region)).toBe('North Holland');

      await user.selectOptions(select(t('search.country')), countryName('BE')!);

      expect(optionTexts(select(t('search.region')))).toEqual([t('search.region_all'), 'Antwerp']);
      expect(shown(select(t('search.region')))).toBe(t('search.region_all'));

      await user.selectOptions(select(t('search.region')), 'Antwerp');
      expect(onChange).toHaveBeenLastCalledWith({ ...FILTERS, country: 'BE', countryregion: 9 });
    });

    it('asks for the site’s regions when the page came without them', async () => {
      const api = fakeApi({ 'GET /api/regions.php': () => json(REGIONS) });
      const web = makeWebContext({ settings: { countries: ['NL', 'BE'] } });
      const { region_data: _regions, ...withoutRegions } = web.settings;
      renderWithRoot(<SearchFiltersForm filters={FILTERS} onChange={vi.fn()} />, {
        web: { ...web, settings: withoutRegions },
      });
      const region = select(t('search.region'));
      await waitFor(() => expect(shown(region)).toBe('North Holland'));
      expect(optionTexts(region)).toEqual([t('search.region_all'), 'North Holland', 'Utrecht']);
      expect(api.callsTo('GET', '/api/regions.php')).toHaveLength(1);
      vi.unstubAllGlobals();
    });

    it('cannot pick a region in a country that has none listed', () => {
      renderForm({ filters: { ...FILTERS, country: 'BE', countryregion: 0 }, settings: { region_data: {} } });
      const region = select(t('search.region'));
      expect(optionTexts(region)).toEqual([t('search.region_all')]);
      expect(region.disabled).toBe(true);
    });
  });

  it('disables every filter while told to', () => {
    renderForm({ disabled: true });
    for (const name of ['search.gender', 'search.age', 'search.country', 'search.region'] as const) {
      expect(select(t(name)).disabled).toBe(true);
    }
  });
});
