import type { Niche } from '@rendezvous/contract';

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
