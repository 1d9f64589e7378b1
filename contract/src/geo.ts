import { z } from 'zod';
import { VALIDATION } from './validation.js';
import { RegionItemSchema } from './settings.js';

/** GET /api/regions.php: `?country=XX` narrows the answer to one of the site's countries. */
export const RegionsQuerySchema = z.object({
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, VALIDATION.country)
    .optional(),
});
export type RegionsQuery = z.infer<typeof RegionsQuerySchema>;

/** The same shape as settings.region_data: country code → regions sorted by name. */
export const RegionsResponseSchema = z.record(z.string(), z.array(RegionItemSchema));
export type RegionsResponse = z.infer<typeof RegionsResponseSchema>;

// Query values arrive as text; an empty one must not become 0 (a point off the coast of Ghana).
const coordinate = (min: number, max: number, label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .pipe(
      z.coerce
        .number<string>({ error: `${label} must be a number` })
        .min(min, `${label} must be between ${min} and ${max}`)
        .max(max, `${label} must be between ${min} and ${max}`),
    );

/** GET /api/geocode.php?lat=&lon= (decimal degrees, WGS 84 as the browser's Geolocation API gives them). */
export const GeocodeQuerySchema = z.object({
  lat: coordinate(-90, 90, 'Latitude'),
  lon: coordinate(-180, 180, 'Longitude'),
});
export type GeocodeQuery = z.infer<typeof GeocodeQuerySchema>;

/** Spec §3 "geocode result": null parts were not found (the sea, or a place without a known town). */
export const GeocodeResponseSchema = z.object({
  country: z.string().nullable(),
  /** Our regions.id, the value a member's countryregion takes. */
  countryregion: z.number().int().nullable(),
  city: z.string().nullable(),
});
export type GeocodeResponse = z.infer<typeof GeocodeResponseSchema>;
