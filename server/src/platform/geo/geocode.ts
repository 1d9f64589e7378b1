import { iso1A2Code } from '@rapideditor/country-coder';
import type { GeocodeResponse } from '@rendezvous/contract';
import type { Db } from '../../db/database.js';
import type { TownIndex } from './nearest-city.js';

/**
 * Farther than this from every known town, naming one would mislead the signup form's prefill;
 * the country and the nearest town's region are still right.
 */
export const CITY_MAX_DISTANCE_KM = 50;

const NOTHING_FOUND: GeocodeResponse = { country: null, countryregion: null, city: null };

/** Country, region and town of a point, from data shipped with the app: no network call. */
export function createGeocoder(db: Db, towns: TownIndex) {
  return async function geocode(lat: number, lon: number): Promise<GeocodeResponse> {
    // Territory level, so Puerto Rico or Jersey come back as themselves, as the regions seed treats them.
    const country = iso1A2Code([lon, lat], { level: 'territory' });
    if (!country) return NOTHING_FOUND;

    const nearest = towns.nearest(country, lat, lon);
    const regionCode = nearest?.town.regionCode;
    const region = regionCode
      ? await db
          .selectFrom('regions')
          .select('id')
          .where('country', '=', country)
          .where('code', '=', regionCode)
          .executeTakeFirst()
      : undefined;
    return {
      country,
      countryregion: region?.id ?? null,
      city: nearest && nearest.distanceKm <= CITY_MAX_DISTANCE_KM ? nearest.town.name : null,
    };
  };
}
