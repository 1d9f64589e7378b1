import { SEARCH_PAGE_SIZE, SearchQuerySchema } from '@rendezvous/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { watchMemberChanges } from '../../db/member-changes.js';
import { notLoggedIn } from '../../errors.js';
import { defaultFilters, matchesFilters, resolveFilters } from './search-filters.js';
import { createSavedSearches } from './saved-searches.js';
import { createSearchCards, searchResponseJson } from './search-cards.js';
import { createSearchResults } from './search-results.js';
import { createSearchRepository } from './search.repository.js';

export interface SearchRoutesOptions {
  db: Db;
}

/** Spec §6: visitors search only where the site allows it, or when they came with a traffic source. */
function mayVisitorSearch(request: FastifyRequest, trafficsource: string | undefined): boolean {
  const { config } = request.site;
  return config.logged_out_search || (config.logged_out_search_trafficsource && Boolean(trafficsource));
}

export const searchRoutes: FastifyPluginAsyncZod<SearchRoutesOptions> = async (app, { db }) => {
  const repository = createSearchRepository(db);
  const results = createSearchResults(repository);
  const cards = createSearchCards(repository, db);
  const savedSearches = createSavedSearches(repository, {
    onError: (error) => app.log.error({ err: error }, 'saving searches failed'),
  });
  app.addHook('onClose', async () => savedSearches.close());
  const changes = watchMemberChanges(db, cards.forget, {
    onError: (error) => app.log.error({ err: error }, 'reading member changes failed'),
  });
  app.addHook('onClose', async () => changes.stop());
  let regionCountries: Map<number, string> | undefined;

  app.get(
    '/api/search.php',
    // The answer is written from the cards' JSON (search-cards.ts), not serialized from objects.
    { schema: { querystring: SearchQuerySchema } },
    async (request, reply) => {
      const { query, member, site } = request;
      if (!member && !mayVisitorSearch(request, query.trafficsource)) throw notLoggedIn();

      const manual = query.manual_search === true;
      regionCountries ??= await repository.regionCountries();
      const regions = regionCountries;
      const regionCountry = (id: number) => regions.get(id);
      // A manual search sends every filter, so only a first load starts from the saved one.
      const saved = member && !manual ? await savedSearches.get(member.id) : undefined;
      // A saved search the site can no longer serve (a country dropped since) starts over from the defaults.
      const usable = saved && (saved.country === '' || site.config.countries.includes(saved.country));
      const start = usable ? saved : defaultFilters(member, site.config);
      const filters = resolveFilters(query, start, member, site.config, regionCountry);
      if (member && manual && !query.do_not_save) savedSearches.save(member.id, filters);

      const page = query.page ?? query.pp ?? 1;
      const self = member && matchesFilters(member, filters) ? member.id : null;
      const { ids, total } = await results.page(site.id, filters, page, self);
      const { gender, min_age, max_age, country, countryregion } = filters;
      const profiles = await cards.of(ids, member?.id ?? null);
      return reply.type('application/json; charset=utf-8').send(
        searchResponseJson(profiles, {
          filter_options: { gender, min_age, max_age, country, countryregion },
          paging: { num_results: total, page, per_page: SEARCH_PAGE_SIZE },
        }),
      );
    },
  );
};
