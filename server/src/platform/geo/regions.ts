import { City, State, type ICity, type IState } from 'country-state-city';

export interface Subdivision {
  code: string;
  name: string;
}

interface RegionRule {
  /** Codes to drop: overseas territories, or a level above the one members pick from. */
  exclude?: readonly string[];
  /** Keep only these codes, where the package mixes several overlapping levels. */
  only?: readonly string[];
  /** Higher-level codes whose cities belong to the kept regions; each goes to the nearest one. */
  citiesFrom?: readonly string[];
  /** Subdivisions the package lacks. */
  missing?: readonly Subdivision[];
}

/**
 * country-state-city lists ISO 3166-2 codes of every level side by side; these rules pick
 * the one level a member would choose from.
 */
const REGION_RULES: Record<string, RegionRule> = {
  // Bonaire, Saba and Sint Eustatius are in the Caribbean, not among the 12 provinces.
  NL: { exclude: ['BQ1', 'BQ2', 'BQ3'] },
  // Flanders and Wallonia contain the provinces; the package files their cities under them.
  BE: { exclude: ['VLG', 'WAL'], citiesFrom: ['VLG', 'WAL'] },
  // The package mixes the four nations with 240 overlapping (partly abolished) councils.
  GB: { only: ['ENG', 'SCT', 'WLS', 'NIR'] },
  // Connacht, Leinster, Munster and Ulster contain the 26 counties.
  IE: { exclude: ['C', 'L', 'M', 'U'], citiesFrom: ['C', 'L', 'M', 'U'], missing: [{ code: 'LM', name: 'Leitrim' }] },
  // Territories are searched as their own countries; 50 states plus DC remain.
  US: { exclude: ['AS', 'GU', 'MP', 'PR', 'VI', 'UM'] },
};

/** Centre points the package lacks or places on another continent, so nearest-centre assignment works. */
const CENTRE_FIXES: Record<string, { lat: number; lon: number }> = {
  'BE-VWV': { lat: 51.04, lon: 3.1 },
  'BE-VLI': { lat: 50.98, lon: 5.45 },
  'BE-WLX': { lat: 49.95, lon: 5.45 },
  'IE-CE': { lat: 52.87, lon: -8.98 },
  'IE-LM': { lat: 54.12, lon: -8.0 },
};

/** Regions whose towns the package files elsewhere (Northern Ireland's under a Yorkshire code). */
const FALLBACK_CITIES: Record<string, readonly string[]> = {
  'BE-BRU': [
    'Brussels',
    'Ixelles',
    'Schaerbeek',
    'Uccle',
    'Anderlecht',
    'Etterbeek',
    'Woluwe-Saint-Lambert',
    'Jette',
    'Forest',
    'Auderghem',
  ],
  'GB-NIR': [
    'Belfast',
    'Derry',
    'Lisburn',
    'Newry',
    'Bangor',
    'Armagh',
    'Ballymena',
    'Coleraine',
    'Enniskillen',
    'Omagh',
    'Newtownabbey',
    'Carrickfergus',
  ],
};

// Entries that are administrative areas rather than places someone says they live in.
const NOT_A_TOWN =
  /\b(County|District|Region|Municipality|Township|Borough|Census|Parish|Shire of|City of|city centre)\b|[(\d]/;

/** The first-level subdivisions members choose from, sorted by name. */
export function regionSubdivisions(country: string): Subdivision[] {
  const rule = REGION_RULES[country] ?? {};
  const seen = new Set<string>();
  const result: Subdivision[] = [];
  for (const state of State.getStatesOfCountry(country)) {
    const code = state.isoCode;
    // Numeric and hyphenated codes are statistical or overseas entries in this package.
    if (/^\d+$/.test(code) || code.includes('-')) continue;
    if (rule.only && !rule.only.includes(code)) continue;
    if (rule.exclude?.includes(code)) continue;
    if (seen.has(code)) continue;
    seen.add(code);
    result.push({ code, name: state.name });
  }
  for (const extra of rule.missing ?? []) if (!seen.has(extra.code)) result.push(extra);
  return result.sort((a, b) => a.name.localeCompare(b.name));
}

const citiesByCountry = new Map<string, Map<string, readonly string[]>>();

/** Town names in a region; never empty, so a caller can always pick one. */
export function citiesOfRegion(country: string, code: string): readonly string[] {
  let byRegion = citiesByCountry.get(country);
  if (!byRegion) {
    byRegion = groupCities(country);
    citiesByCountry.set(country, byRegion);
  }
  const cities = FALLBACK_CITIES[`${country}-${code}`] ?? byRegion.get(code);
  if (cities && cities.length > 0) return cities;
  // A thinly covered region (Chatham Islands): its own name is still a plausible place.
  const name = State.getStateByCodeAndCountry(code, country)?.name ?? code;
  return [name.replace(/ (Region|District)$/, '')];
}

function groupCities(country: string): Map<string, readonly string[]> {
  const rule = REGION_RULES[country] ?? {};
  const regions = regionSubdivisions(country);
  const kept = new Set(regions.map((region) => region.code));
  const centres = regions.flatMap((region) => {
    const key = `${country}-${region.code}`;
    if (FALLBACK_CITIES[key]) return [];
    const state = State.getStateByCodeAndCountry(region.code, country);
    const centre = CENTRE_FIXES[key] ?? (state && pointOf(state));
    return centre ? [{ code: region.code, ...centre }] : [];
  });

  const grouped = new Map<string, string[]>();
  const add = (code: string, name: string) => {
    const list = grouped.get(code);
    if (list) list.push(name);
    else grouped.set(code, [name]);
  };
  for (const city of City.getCitiesOfCountry(country) ?? []) {
    if (NOT_A_TOWN.test(city.name)) continue;
    if (kept.has(city.stateCode)) {
      add(city.stateCode, city.name);
    } else if (rule.citiesFrom?.includes(city.stateCode)) {
      const nearest = nearestCentre(city, centres);
      if (nearest) add(nearest, city.name);
    }
  }
  return new Map([...grouped].map(([code, names]) => [code, townNames(names)]));
}

/** Drops duplicates and council names such as "Aberdeen City" next to "Aberdeen". */
function townNames(names: readonly string[]): string[] {
  const unique = new Set(names);
  return [...unique].filter((name) => !(name.endsWith(' City') && unique.has(name.slice(0, -' City'.length))));
}

function pointOf(place: IState | ICity): { lat: number; lon: number } | undefined {
  const lat = Number(place.latitude);
  const lon = Number(place.longitude);
  if (!place.latitude || !place.longitude || !Number.isFinite(lat) || !Number.isFinite(lon)) return undefined;
  return { lat, lon };
}

function nearestCentre(city: ICity, centres: readonly { code: string; lat: number; lon: number }[]) {
  const point = pointOf(city);
  if (!point) return undefined;
  const cosLat = Math.cos((point.lat * Math.PI) / 180);
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const centre of centres) {
    const distance = (centre.lat - point.lat) ** 2 + ((centre.lon - point.lon) * cosLat) ** 2;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = centre.code;
    }
  }
  return best;
}
