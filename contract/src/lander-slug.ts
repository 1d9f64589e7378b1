import { LOCALES, type Locale } from './locales.js';

/** Spec §2 marketing landers, each a different idea for paid traffic. */
export const LANDER_NAMES = [
  'video',
  'gallery',
  'maplanding',
  'alonetonight',
  'iconslanding',
  'socialnetwork',
  'collagelanding',
  'transitionsvideolanding',
] as const;
export type LanderName = (typeof LANDER_NAMES)[number];

export const NICHES = [1, 2, 3, 4, 5, 6, 7] as const;
export type Niche = (typeof NICHES)[number];

/** Spec §2 "Landing slug depends on niche": the prefix each niche puts before the locale. */
export const NICHE_SLUG_PREFIX: Record<Niche, string> = {
  1: '',
  2: 'she-',
  3: 'bdsm-',
  4: 'bbw-',
  5: 'gilf-',
  6: 'milf-',
  7: 'gay-',
};

/** The locale as a slug writes it: English is `eng`, the others keep their code. */
const LOCALE_SLUG: Record<Locale, string> = { en: 'eng', nl: 'nl', de: 'de', it: 'it', fr: 'fr', es: 'es', pl: 'pl' };

export interface LanderSlug {
  niche: Niche;
  locale: Locale;
}

/** The slug a lander link carries for a niche and a language, e.g. `milf-eng`, `nl`, `gay-de`. */
export function landerSlug(niche: Niche, locale: Locale): string {
  return `${NICHE_SLUG_PREFIX[niche]}${LOCALE_SLUG[locale]}`;
}

const PREFIXED_NICHES = NICHES.filter((niche) => NICHE_SLUG_PREFIX[niche] !== '');

/**
 * Niche and language of a slug path (`milf-eng/summer-campaign`): only its first segment counts,
 * the rest belongs to the campaign. Null when that segment names no known language.
 */
export function parseLanderSlug(slug: string): LanderSlug | null {
  const first = (slug.split('/')[0] ?? '').toLowerCase();
  const niche = PREFIXED_NICHES.find((candidate) => first.startsWith(NICHE_SLUG_PREFIX[candidate])) ?? 1;
  const rest = first.slice(NICHE_SLUG_PREFIX[niche].length);
  const locale = LOCALES.find((candidate) => LOCALE_SLUG[candidate] === rest);
  return locale ? { niche, locale } : null;
}

const LANDER_PATH = new RegExp(`^/landers/(?:${LANDER_NAMES.join('|')})/(.+)$`);
const MEMBER_LANDER_PATH = /^\/members\/\d+\/landing[23]\/(.+)$/;

/** The slug of a path that carries one (a marketing lander or a member's landing2/landing3), else null. */
export function landerSlugOfPath(pathname: string): string | null {
  return (LANDER_PATH.exec(pathname) ?? MEMBER_LANDER_PATH.exec(pathname))?.[1] ?? null;
}
