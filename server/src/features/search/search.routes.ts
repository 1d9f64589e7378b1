import { SEARCH_PAGE_SIZE, SearchQuerySchema } from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { watchMemberChanges } from '../../db/member-changes.js';
import { defaultFilters, matchesFilters, resolveFilters } from './search-filters.js';
import { createSavedSearches } from './saved-searches.js';
import { createSearchCards, searchResponseJson } from './search-cards.js';
import { createSearchResults } from './search-results.js';
import { createSearchRepository } from './search.repository.js';
import { registerMatchFinder } from './match-finder.routes.js';
import { requireSearchAllowed } from './visitor-search.js';

export interface SearchRoutesOptions {
  db: Db;
}

export const searchRoutes: FastifyPluginAsyncZod<SearchRoutesOptions> = async (app, { db }) => {
  const repository = createSearchRepository(db);
  const results = createSearchResults(repository);
  const cards = createSearchCards(repository);
  const savedSearches = createSavedSearches(repository, {
    onError: (error) => app.log.error({ err: error }, 'saving searches failed'),
  });
  app.addHook('onClose', async () => savedSearches.close());
  const changes = watchMemberChanges(db, cards.forget, {
    onError: (error) => app.log.error({ err: error }, 'reading member changes failed'),
  });
  app.addHook('onClose', async () => changes.stop());
  let regionCountries: Map<number, string> | undefined;
  const regionCountry = async () => {
    regionCountries ??= await repository.regionCountries();
    const regions = regionCountries;
    return (id: number) => regions.get(id);
  };

  app.get(
    '/api/search.php',
    // The answer is written from the cards' JSON (search-cards.ts), not serialized from objects.
    { config: { access: 'optional', guards: [requireSearchAllowed] }, schema: { querystring: SearchQuerySchema } },
    async (request, reply) => {
      const { query, member, site } = request;
      const manual = query.manual_search === true;
      // A manual search sends every filter, so only a first load starts from the saved one.
      const saved = member && !manual ? await savedSearches.get(member.id) : undefined;
      // A saved search the site can no longer serve (a country dropped since) starts over from the defaults.
      const usable = saved && (saved.country === '' || site.config.countries.includes(saved.country));
      const start = usable ? saved : defaultFilters(member, site.config);
      const filters = resolveFilters(query, start, member, site.config, await regionCountry());
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

  // The finder shares the search's caches, so its matches are the very list a new member gets.
  registerMatchFinder(app, { results, cards, regionCountry });
};
