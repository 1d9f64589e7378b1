import { SiteConfigSchema, type RegionItem, type SiteConfig } from '@rendezvous/contract';
import type { Db } from '../../db/database.js';

export interface Site {
  id: number;
  domain: string;
  isDefault: boolean;
  config: SiteConfig;
  regionData: Record<string, RegionItem[]>;
}

/** Site settings change rarely; nodes re-read them at this interval so no restart is needed. */
export const SITE_CACHE_TTL_MS = 30_000;

export function createSitesRepository(db: Db) {
  let cache: { at: number; byDomain: Map<string, Site>; fallback: Site | undefined } | undefined;

  async function load() {
    const rows = await db.selectFrom('sites').selectAll().orderBy('id').execute();
    // Sorted here, not in SQL: SQLite and PostgreSQL order accented names differently.
    const byName = new Intl.Collator('en').compare;
    const regions = (await db.selectFrom('regions').select(['id', 'country', 'code', 'name']).execute()).sort((a, b) =>
      byName(a.name, b.name),
    );
    const regionsByCountry = new Map<string, RegionItem[]>();
    for (const region of regions) {
      const list = regionsByCountry.get(region.country) ?? [];
      list.push({ id: region.id, code: `${region.country}-${region.code}`, name: region.name });
      regionsByCountry.set(region.country, list);
    }
    const sites = rows.map((row): Site => {
      const config = SiteConfigSchema.parse(JSON.parse(row.config));
      return {
        id: row.id,
        domain: row.domain,
        isDefault: row.is_default === 1,
        config,
        regionData: Object.fromEntries(
          config.countries.map((country) => [country, regionsByCountry.get(country) ?? []]),
        ),
      };
    });
    return {
      at: Date.now(),
      byDomain: new Map(sites.map((site) => [site.domain, site])),
      fallback: sites.find((site) => site.isDefault) ?? sites[0],
    };
  }

  async function current() {
    if (!cache || Date.now() - cache.at > SITE_CACHE_TTL_MS) cache = await load();
    if (!cache.fallback) throw new Error('No site is configured: the sites table is empty');
    return { byDomain: cache.byDomain, fallback: cache.fallback };
  }

  return {
    /** The site for a request host; unknown hosts get the default site. */
    async forHost(host: string): Promise<Site> {
      const { byDomain, fallback } = await current();
      return byDomain.get(host.toLowerCase()) ?? fallback;
    },
    /** The site configured for exactly this host, if there is one. */
    async find(host: string): Promise<Site | undefined> {
      return (await current()).byDomain.get(host.toLowerCase());
    },
    /** Every configured site in id order: the console works across all of them. */
    async all(): Promise<Site[]> {
      return [...(await current()).byDomain.values()];
    },
    invalidate() {
      cache = undefined;
    },
  };
}

export type SitesRepository = ReturnType<typeof createSitesRepository>;
