import { SEARCH_PAGE_SIZE, SearchQuerySchema, SearchResponseSchema } from '@rendezvous/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/database.js';
import { notLoggedIn } from '../../errors.js';
import { defaultFilters, matchesFilters, resolveFilters, type ResolvedFilters } from './search-filters.js';
import { createSearchRepository, type ResultWindow } from './search.repository.js';

export interface SearchRoutesOptions {
  db: Db;
}

/**
 * How long a page of results is reused. The same filters come back from many members, and a
 * new or changed profile showing up half a minute later is fine; the cards themselves are read
 * fresh, so a deleted member never shows.
 */
export const RESULT_CACHE_TTL_MS = 30_000;
const RESULT_CACHE_ENTRIES = 20_000;

/** Spec §6: visitors search only where the site allows it, or when they came with a traffic source. */
function mayVisitorSearch(request: FastifyRequest, trafficsource: string | undefined): boolean {
  const { config } = request.site;
  return config.logged_out_search || (config.logged_out_search_trafficsource && Boolean(trafficsource));
}

export const searchRoutes: FastifyPluginAsyncZod<SearchRoutesOptions> = async (app, { db }) => {
  const repository = createSearchRepository(db);
  const windows = new LRUCache<string, ResultWindow>({ max: RESULT_CACHE_ENTRIES, ttl: RESULT_CACHE_TTL_MS });
  let regionCountries: Map<number, string> | undefined;

  async function resultWindow(siteId: number, filters: ResolvedFilters, page: number, excludeId: number | null) {
    // A member who matches their own filters gets their own window without them; rare, so uncached.
    if (excludeId !== null) return repository.window(siteId, filters, page, excludeId);
    const key = [
      siteId,
      filters.gender,
      filters.countries.join(','),
      filters.countryregion,
      filters.min_age,
      filters.max_age,
      page,
    ].join('|');
    const cached = windows.get(key);
    if (cached) return cached;
    const fresh = await repository.window(siteId, filters, page, null);
    windows.set(key, fresh);
    return fresh;
  }

  app.get(
    '/api/search.php',
    { schema: { querystring: SearchQuerySchema, response: { 200: SearchResponseSchema } } },
    async (request) => {
      const { query, member, site } = request;
      if (!member && !mayVisitorSearch(request, query.trafficsource)) throw notLoggedIn();

      const manual = query.manual_search === true;
      const saved = member && !manual ? await repository.savedSearch(member.id) : undefined;
      regionCountries ??= await repository.regionCountries();
      const regions = regionCountries;
      const filters = resolveFilters(query, saved ?? defaultFilters(member, site.config), member, site.config, (id) =>
        regions.get(id),
      );
      if (member && manual && !query.do_not_save) await repository.saveSearch(member.id, filters);

      const page = query.page ?? query.pp ?? 1;
      const excludeId = member && matchesFilters(member, filters) ? member.id : null;
      const { ids, total } = await resultWindow(site.id, filters, page, excludeId);
      const { gender, min_age, max_age, country, countryregion } = filters;
      return {
        profiles: await repository.cards(ids),
        filter_options: { gender, min_age, max_age, country, countryregion },
        paging: { num_results: total, page, per_page: SEARCH_PAGE_SIZE },
      };
    },
  );
};
