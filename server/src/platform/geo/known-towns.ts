import { City, type ICity } from 'country-state-city';
import { citiesOfRegion, regionSubdivisions } from './regions.js';
import { createTownIndex, type Town } from './nearest-city.js';

/**
 * Below this share of a country's places falling in the seed's regions, the package files
 * that country's towns under codes the seed skips (Italy's numeric ones), so its lists
 * cannot say what is a town there.
 */
const SEED_COVERAGE_MIN = 0.5;

interface Place {
  city: ICity;
  lat: number;
  lon: number;
}

function placesOf(country: string): Place[] {
  return (City.getCitiesOfCountry(country) ?? []).flatMap((city) => {
    const lat = Number(city.latitude);
    const lon = Number(city.longitude);
    if (!city.latitude || !city.longitude || !Number.isFinite(lat) || !Number.isFinite(lon)) return [];
    return [{ city, lat, lon }];
  });
}

/**
 * The towns of a country from country-state-city, which ships with the app (no network),
 * each with the region our `regions` table knows it under. The seed's region rules decide
 * both, so a geocoded region is one members pick and search by, and a geocoded town is
 * named as the demo members' towns are.
 */
export function knownTownsOf(country: string): Town[] {
  const townsByRegion = new Map(
    regionSubdivisions(country).map(({ code }) => [code, new Set(citiesOfRegion(country, code))]),
  );
  const places = placesOf(country);

  // Names a region lists without a place of that stateCode: the seed moved them there (Belgian
  // provinces take theirs from Flanders and Wallonia, Northern Ireland its towns from a
  // Yorkshire code). A name borrowed by two regions says nothing, so it maps to none.
  const ownNames = new Set(
    places
      .filter(({ city }) => townsByRegion.get(city.stateCode)?.has(city.name))
      .map(({ city }) => `${city.stateCode}/${city.name}`),
  );
  const borrowedBy = new Map<string, string | null>();
  for (const [code, names] of townsByRegion) {
    for (const name of names) {
      if (ownNames.has(`${code}/${name}`)) continue;
      borrowedBy.set(name, borrowedBy.has(name) ? null : code);
    }
  }

  const placed = places.map((place) => {
    const { stateCode, name } = place.city;
    const own = townsByRegion.get(stateCode);
    const regionCode = own ? (own.has(name) ? stateCode : null) : (borrowedBy.get(name) ?? null);
    return { ...place, regionCode };
  });
  const covered = placed.filter((place) => place.regionCode !== null).length;
  // Where the seed's lists hold, a place they leave out is an administrative area ("County
  // Cork", "… District"), a council next to its town ("Dublin City") or an overseas territory.
  const seedListsHold = places.length > 0 && covered / places.length >= SEED_COVERAGE_MIN;

  return placed
    .filter((place) => !seedListsHold || place.regionCode !== null)
    .map(({ city, lat, lon, regionCode }) => ({ name: city.name, regionCode, lat, lon }));
}

/** One index for the process: the package's data never changes while it runs. */
export const knownTowns = createTownIndex(knownTownsOf);
