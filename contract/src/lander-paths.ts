import { LANDER_NAMES, type LanderName, type Niche } from './lander-slug.js';

/*
 * Lander constants and path reading without zod, so a lander page loads no validation code;
 * the schemas of the two calls are in landers.ts.
 */

/** GET: the showcase profiles a lander shows (ours; spec §2 landers show the site's fictional profiles). */
export const LANDER_PROFILES_PATH = '/api/landers/profiles.php';
/** POST: a beacon per lander view, counted per site, lander, slug, network and day. */
export const LANDER_VISIT_PATH = '/api/landers/visit.php';

/** The most profiles one lander asks for: a collage or a map needs a screenful, never a search. */
export const LANDER_PROFILES_MAX = 24;
/** A slug is the niche-and-language segment plus whatever campaign path the operator adds after it. */
export const LANDER_SLUG_MAX_LENGTH = 100;

/**
 * Who a niche shows (spec §2 niches 1–7): the gender of its profiles (null: both) and the ages
 * that fit it. Profiles outside the ages only fill up a lander when too few fit.
 */
export const NICHE_AUDIENCE: Record<Niche, { gender: 'female' | 'male' | null; minAge: number; maxAge: number }> = {
  1: { gender: 'female', minAge: 18, maxAge: 100 },
  2: { gender: 'female', minAge: 18, maxAge: 100 },
  3: { gender: null, minAge: 18, maxAge: 100 },
  4: { gender: 'female', minAge: 18, maxAge: 100 },
  5: { gender: 'female', minAge: 60, maxAge: 100 },
  6: { gender: 'female', minAge: 35, maxAge: 55 },
  7: { gender: 'male', minAge: 18, maxAge: 100 },
};

/** Letters, digits, dashes and underscores per segment, segments joined by `/` (`milf-eng/summer-2026`). */
export const LANDER_SLUG_PATTERN = /^[a-z0-9_-]+(?:\/[a-z0-9_-]+)*$/;

/** How a slug is compared and stored: case does not make another campaign. */
export const normalizeLanderSlug = (slug: string) => slug.toLowerCase().replace(/\/+$/, '');

/** The pages a sign-up can be credited to: the eight landers and the landers of one member (spec §2). */
export const MEMBER_LANDERS = ['member-signup', 'member-landing', 'member-landing2', 'member-landing3'] as const;
export type SignupLander = LanderName | (typeof MEMBER_LANDERS)[number];

export interface LanderOrigin {
  lander: SignupLander;
  /** Null for the member landers that carry no slug (/members/{id}/signup and /landing). */
  slug: string | null;
}

const LANDER_ORIGIN_PATH = new RegExp(`^/landers/(${LANDER_NAMES.join('|')})/(.+)$`);
const MEMBER_LANDER_ORIGIN_PATH = /^\/members\/\d+\/(signup|landing|landing2|landing3)(?:\/(.*))?$/;

/**
 * Which lander a page path is (the sign-up form sends its own path as `form_path`), or null for
 * any other page. A slug that is too long or oddly spelled is kept out rather than stored.
 */
export function landerOfPath(pathname: string): LanderOrigin | null {
  const cleanSlug = (raw: string | undefined) => {
    const slug = normalizeLanderSlug(raw ?? '');
    return slug.length <= LANDER_SLUG_MAX_LENGTH && LANDER_SLUG_PATTERN.test(slug) ? slug : null;
  };
  const lander = LANDER_ORIGIN_PATH.exec(pathname);
  if (lander) return { lander: lander[1] as LanderName, slug: cleanSlug(lander[2]) };
  const member = MEMBER_LANDER_ORIGIN_PATH.exec(pathname);
  if (!member) return null;
  const kind = member[1] as 'signup' | 'landing' | 'landing2' | 'landing3';
  // /signup and /landing take no slug; anything after them is not a page of ours.
  if ((kind === 'signup' || kind === 'landing') && member[2]) return null;
  return { lander: `member-${kind}`, slug: member[2] ? cleanSlug(member[2]) : null };
}
