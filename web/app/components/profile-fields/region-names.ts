import type { RegionItem } from '@rendezvous/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegionalCode } from './country-names';

/**
 * Region names in the interface language: the catalogue's by ISO 3166-2 code (the server stores
 * English ones), the stored name for a region no catalogue knows yet. `sorted` lists a country's
 * regions in the order a reader of that language expects.
 */
export function useRegionNames() {
  const { t } = useTranslation();
  const regional = useRegionalCode();
  return useMemo(() => {
    const name = (region: RegionItem) => t(`regions.${region.code}`, { defaultValue: region.name });
    // One collator for the sort: `localeCompare` with a language makes one per comparison, a
    // long task for a country's dozen regions as the search's filters hydrate (issue 17).
    const collator = new Intl.Collator(regional);
    const sorted = (regions: readonly RegionItem[]): RegionItem[] =>
      regions.map((region) => ({ ...region, name: name(region) })).sort((a, b) => collator.compare(a.name, b.name));
    return { name, sorted };
  }, [t, regional]);
}
