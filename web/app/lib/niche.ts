import { NICHES, parseLanderSlug, type Niche } from '@rendezvous/contract';

/** The catalogue key of each niche's wording (`landers.niches.<key>.*`), spec §2 niches 1–7. */
export const NICHE_KEYS = {
  1: 'general',
  2: 'she',
  3: 'bdsm',
  4: 'bbw',
  5: 'gilf',
  6: 'milf',
  7: 'gay',
} as const satisfies Record<Niche, string>;
export type NicheKey = (typeof NICHE_KEYS)[Niche];

export const nicheKey = (niche: Niche): NicheKey => NICHE_KEYS[niche];

const isNiche = (value: number): value is Niche => (NICHES as readonly number[]).includes(value);

/** A lander's niche: the one its slug names (`bdsm-eng`), else the site's own (niche 1 where that is none). */
export function landerNiche(slugPath: string, siteNiche: number): Niche {
  return parseLanderSlug(slugPath)?.niche ?? (isNiche(siteNiche) ? siteNiche : 1);
}
