import {
  LANDER_PROFILES_PATH,
  LanderProfilesResponseSchema,
  normalizeLanderSlug,
  type LanderName,
  type LanderProfile,
  type Niche,
  type Settings,
} from '@rendezvous/contract';
import type { AppLoadContext } from 'react-router';
import { landerNiche } from '../../../lib/niche';

export interface LanderData {
  lander: LanderName;
  /** The slug as the ad linked it, lower case (`milf-eng/summer`). */
  slug: string;
  niche: Niche;
  /** The country the map lander draws: the visitor's, when the site serves it. */
  country: string;
  profiles: LanderProfile[];
}

export interface LanderLoadOptions {
  /** How many showcase profiles the lander draws. */
  limit: number;
  /** Only profiles from the visitor's country (the map lander). */
  ofCountry?: boolean;
}

/** The visitor's country if the site serves it, else the site's first (home) country. */
export function visitorCountry(settings: Settings): string {
  const guess = settings.geoip_selected_country ?? settings.geoip_country;
  return guess && settings.countries.includes(guess) ? guess : settings.countries[0]!;
}

/**
 * A lander's niche and showcase profiles, read on the server so the first HTML shows them.
 * An unknown slug takes the site's own niche; and since paid traffic must never land on an
 * error, a failed profiles call leaves the lander standing without photos.
 */
export async function loadLander(
  context: AppLoadContext,
  lander: LanderName,
  slugPath: string,
  options: LanderLoadOptions,
): Promise<LanderData> {
  const { settings, locale } = context.web;
  const niche = landerNiche(slugPath, settings.niche);
  const country = visitorCountry(settings);
  const query = new URLSearchParams({ niche: String(niche), limit: String(options.limit) });
  if (locale !== 'pseudo') query.set('locale', locale);
  if (options.ofCountry) query.set('country', country);
  const response = await context.api.get(`${LANDER_PROFILES_PATH}?${query.toString()}`);
  const parsedBody = response.status === 200 ? LanderProfilesResponseSchema.safeParse(response.body) : null;
  if (!parsedBody?.success) console.warn('lander profiles unavailable', response.status);
  return {
    lander,
    slug: normalizeLanderSlug(slugPath),
    niche,
    country,
    profiles: parsedBody?.success ? parsedBody.data.profiles : [],
  };
}
