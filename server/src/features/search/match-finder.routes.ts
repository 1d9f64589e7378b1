import {
  MATCH_FINDER_PATH,
  MatchFinderQuerySchema,
  MatchFinderResponseSchema,
  ProfileCardSchema,
  type ProfileCard,
} from '@rendezvous/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defaultFilters, matchesFilters, resolveFilters } from './search-filters.js';
import type { createSearchCards } from './search-cards.js';
import type { createSearchResults } from './search-results.js';
import { mayVisitorSearch } from './visitor-search.js';
import { MINUTE_MS } from '../../lib/time.js';

/** A visitor clicks through a few questions per search; more than this per minute is someone harvesting members. */
export const MATCH_FINDER_LIMIT_PER_MINUTE = 60;

export interface MatchFinderDependencies {
  results: ReturnType<typeof createSearchResults>;
  cards: ReturnType<typeof createSearchCards>;
  regionCountry: () => Promise<(regionId: number) => string | undefined>;
}

/** A card as a visitor who may not search sees it: a real member's photos stay for members only. */
const withoutPhotos = (card: ProfileCard): ProfileCard =>
  card.fictional ? card : { ...card, main_image: null, images: [] };

/**
 * GET /api/match-finder.php (public): the first page of the search a new member with these
 * filters will see, so the matches shown before sign-up are the first results after it. The
 * searcher is taken to live in the country they search (the sign-up stores it as theirs), which
 * brings in its neighbour country as /api/search.php does for members (spec §9).
 */
export function registerMatchFinder(app: FastifyInstance, { results, cards, regionCountry }: MatchFinderDependencies) {
  app.withTypeProvider<ZodTypeProvider>().get(
    MATCH_FINDER_PATH,
    {
      config: {
        access: 'optional',
        limits: [app.limits.perIp('match-finder', MATCH_FINDER_LIMIT_PER_MINUTE, MINUTE_MS)],
      },
      schema: { querystring: MatchFinderQuerySchema, response: { 200: MatchFinderResponseSchema } },
    },
    async (request) => {
      const { query, member, site } = request;
      const { trafficsource, ...asked } = query;
      const searcher = member ?? { country: asked.country };
      const filters = resolveFilters(
        asked,
        defaultFilters(member, site.config),
        searcher,
        site.config,
        await regionCountry(),
      );
      const self = member && matchesFilters(member, filters) ? member.id : null;
      const { ids, total } = await results.page(site.id, filters, 1, self);
      // The cards come as the JSON /api/search.php sends; read back, so photos can be taken out.
      const profiles = (await cards.of(ids, member?.id ?? null)).map((json) =>
        ProfileCardSchema.parse(JSON.parse(json)),
      );
      const photos = member !== null || mayVisitorSearch(request, trafficsource);
      return { num_results: total, profiles: photos ? profiles : profiles.map(withoutPhotos) };
    },
  );
}
