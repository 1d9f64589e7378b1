import { REGIONS_PATH, type RegionsResponse } from '@rendezvous/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { lazySchemas } from '../../lib/lazy-schemas';
import { useWebContext } from '../../lib/use-web-context';

const regionsSchema = lazySchemas(() => import('./site-regions-schemas'));

/** GET /api/regions.php: the site's regions by country; the same for everyone, so kept for the visit. */
export const siteRegionsQueryOptions = () =>
  queryOptions({
    queryKey: ['site-regions'],
    queryFn: ({ signal }) => apiRequest('GET', REGIONS_PATH, regionsSchema('RegionsResponseSchema'), { signal }),
    staleTime: Infinity,
  });

/**
 * The site's regions by country (settings.region_data). A page with a region field on its first
 * screen brings them; any other leaves them out of its first HTML (issue 17), and a region field
 * it shows later asks for them once. Undefined until they are in.
 */
export function useSiteRegions(): RegionsResponse | undefined {
  const { settings } = useWebContext();
  const asked = useQuery({ ...siteRegionsQueryOptions(), enabled: settings.region_data === undefined });
  return settings.region_data ?? asked.data;
}
