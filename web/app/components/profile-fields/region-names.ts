import type { RegionItem } from '@rendezvous/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/locale';
import { inNameOrder } from '../../lib/name-order';
import { useOptionalWebContext } from '../../lib/use-web-context';
import { useRegionalCode } from './country-names';

/**
 * Region names in the interface language: the catalogue's by ISO 3166-2 code (the server stores
 * English ones), the stored name for a region no catalogue knows yet. `sorted` lists a country's
 * regions in the order a reader of that language expects.
 */
export function useRegionNames() {
  const { t } = useTranslation();
  const regional = useRegionalCode();
  const { locale } = useLocale();
  const web = useOptionalWebContext();
  // The page's own regions come named and in order (page-web-context.ts) while it is in its language.
  const inPageOrder = web?.locale === locale ? web.settings.region_data : undefined;
  return useMemo(() => {
    const name = (region: RegionItem) => t(`regions.${region.code}`, { defaultValue: region.name });
    const pageLists = new Set<readonly RegionItem[]>(Object.values(inPageOrder ?? {}));
    const sorted = (regions: readonly RegionItem[]): RegionItem[] => {
      const named = regions.map((region) => ({ ...region, name: name(region) }));
      return pageLists.has(regions) ? named : inNameOrder(named, regional, (region) => region.name);
    };
    return { name, sorted };
  }, [t, regional, inPageOrder]);
}
