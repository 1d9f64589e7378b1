import type { CamItem } from '@rendezvous/contract';
import { createRandom } from '../../lib/random.js';
import { matchesFilters, type CamsFeed } from './cams-feed.js';

// Fictional performers; distinct names per list keep the accounts (name + country) unique.
const FEMALE_NAMES = [
  'Ingrid',
  'Marieke',
  'Sophie',
  'Anja',
  'Birgit',
  'Carla',
  'Daniela',
  'Elena',
  'Fenna',
  'Greta',
  'Hanna',
  'Ilse',
  'Joke',
  'Karin',
  'Linda',
  'Monique',
  'Nadia',
  'Petra',
  'Renate',
  'Sandra',
  'Tamara',
  'Vera',
  'Wilma',
  'Yvonne',
] as const;
const MALE_NAMES = [
  'Anton',
  'Bram',
  'Cees',
  'Dirk',
  'Erik',
  'Frank',
  'Gerrit',
  'Hans',
  'Jeroen',
  'Klaas',
  'Lars',
  'Martin',
  'Niels',
  'Otto',
  'Sven',
  'Theo',
] as const;
const COUNTRIES = ['NL', 'BE', 'DE', 'AT', 'GB', 'IE', 'FR', 'IT', 'ES', 'PL', 'US', 'CA'] as const;
const BACKDROPS = [
  ['#f6d365', '#fda085'],
  ['#ff9a9e', '#fecfef'],
  ['#a18cd1', '#fbc2eb'],
  ['#84fab0', '#8fd3f4'],
  ['#fccb90', '#d57eeb'],
  ['#e0c3fc', '#8ec5fc'],
  ['#fdcbf1', '#e6dee9'],
  ['#f5576c', '#f093fb'],
] as const;
// The sites are for mature adults: the performers are the age of the demo members around them
// (40 to 80, most near 60), so an ad in the grid never looks decades younger than the site (issue 21).
const MIN_DEMO_AGE = 40;
const MAX_DEMO_AGE = 72;
const ONLINE_SHARE = 0.75;
const DEMO_SEED = 20_261_204;

/** A studio-style silhouette as an inline SVG, so the demo needs no files and no network. */
function thumbnail(gender: CamItem['gender'], [from, to]: readonly [string, string]): string {
  const hair =
    gender === 'female'
      ? '<path d="M72 112c-4-52 22-72 48-72s52 20 48 72l6 58H66z" fill="#000" fill-opacity=".35"/>'
      : '<path d="M80 92c0-30 18-44 40-44s40 14 40 44c-10-14-24-18-40-18s-30 4-40 18z" fill="#000" fill-opacity=".35"/>';
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240">' +
    `<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/>` +
    `<stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    '<rect width="240" height="240" fill="url(#b)"/>' +
    hair +
    '<ellipse cx="120" cy="104" rx="38" ry="46" fill="#000" fill-opacity=".25"/>' +
    '<path d="M40 240c4-52 38-80 80-80s76 28 80 80z" fill="#000" fill-opacity=".25"/>' +
    '</svg>';
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function createDemoCams(): CamItem[] {
  // Seeded, so every start and every test sees the same performers.
  const random = createRandom(DEMO_SEED);
  const performers = [
    ...FEMALE_NAMES.map((name) => ({ name, gender: 'female' as const })),
    ...MALE_NAMES.map((name) => ({ name, gender: 'male' as const })),
  ];
  const cams = performers.map(({ name, gender }): CamItem => {
    const country = random.pick(COUNTRIES);
    return {
      account: `${name}_${country}`,
      name,
      age: random.int(MIN_DEMO_AGE, MAX_DEMO_AGE),
      gender,
      country,
      thumbnail_url: thumbnail(gender, random.pick(BACKDROPS)),
      online: random.chance(ONLINE_SHARE),
    };
  });
  // A partner lists who is live first; the sort is stable, so the rest keeps its order.
  return cams.sort((a, b) => Number(b.online) - Number(a.online));
}

/** The default feed outside production: fictional performers, no network. */
export function createDemoCamsFeed(): CamsFeed {
  const cams = createDemoCams();
  return {
    async search(filters) {
      return cams.filter((cam) => matchesFilters(cam, filters));
    },
  };
}
