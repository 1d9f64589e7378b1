import {
  GeocodeQuerySchema,
  GeocodeResponseSchema,
  GEOCODE_PATH,
  REGIONS_PATH,
  RegionsQuerySchema,
  RegionsResponseSchema,
  VALIDATION,
  type RegionItem,
  type RegionsResponse,
} from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { invalidInput } from '../../errors.js';
import { createGeocoder } from '../../platform/geo/geocode.js';
import { knownTowns } from '../../platform/geo/known-towns.js';

export interface GeoRoutesOptions {
  db: Db;
}

/** Regions change only when a site gains a country; five minutes of caching costs nobody anything. */
export const REGIONS_MAX_AGE_S = 300;
/** The browser keeps a position for up to an hour (spec §9), so its geocode answer may live as long. */
export const GEOCODE_MAX_AGE_S = 3600;

// The database's ORDER BY name differs per dialect (SQLite compares bytes, so "Île" sorts after "Z").
const regionOrder = new Intl.Collator('en', { sensitivity: 'base' });
const byName = (a: RegionItem, b: RegionItem) => regionOrder.compare(a.name, b.name);

/** GET /api/regions.php and GET /api/geocode.php: where members live. */
export const geoRoutes: FastifyPluginAsyncZod<GeoRoutesOptions> = async (app, { db }) => {
  const geocode = createGeocoder(db, knownTowns);

  app.get(
    REGIONS_PATH,
    {
      config: { access: 'public' },
      schema: { querystring: RegionsQuerySchema, response: { 200: RegionsResponseSchema } },
    },
    async (request, reply) => {
      const { country } = request.query;
      const regionData = request.site.regionData;
      if (country !== undefined && !Object.hasOwn(regionData, country)) {
        throw invalidInput({ country: VALIDATION.country }, 'This site does not serve that country.');
      }
      const countries = country === undefined ? Object.keys(regionData) : [country];
      const answer: RegionsResponse = Object.fromEntries(
        countries.map((code) => [code, [...(regionData[code] ?? [])].sort(byName)]),
      );
      reply.header('Cache-Control', `public, max-age=${REGIONS_MAX_AGE_S}`);
      return answer;
    },
  );

  app.get(
    GEOCODE_PATH,
    {
      config: { access: 'public' },
      schema: { querystring: GeocodeQuerySchema, response: { 200: GeocodeResponseSchema } },
    },
    async (request, reply) => {
      // Private: the URL carries where someone is, which no shared cache should keep.
      reply.header('Cache-Control', `private, max-age=${GEOCODE_MAX_AGE_S}`);
      return geocode(request.query.lat, request.query.lon);
    },
  );
};
