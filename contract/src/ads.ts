/**
 * Ads in the search grid (spec §4, §6, §9). Free of zod: the search page imports these on every load.
 */

/**
 * Spec §4: ads repeat every 12 cards, a webcam item at index 1 and a partner ad at index 5 of each
 * run. The partner ad is for everyone who sees search results; only the webcam item follows the
 * rules of `showsWebcamAds` (spec §6).
 */
export const WEBCAM_AD_INTERVAL = 12;
export const WEBCAM_AD_INDEX = 1;
export const PARTNER_AD_INDEX = 5;

/** Spec §6/§9: webcam ads wait until a signup is more than 4 days old. */
export const WEBCAM_ADS_AFTER_SIGNUP_MS = 345_600_000;

/** Spec §3 member_resell values under which a site shows webcam ads. */
const WEBCAM_RESELL = new Set(['cams', 'camads']);

/** Spec §6: the site resells cams or camads, so its members may be offered webcams. */
export function resellsCams(settings: { member_resell: readonly string[] }): boolean {
  return settings.member_resell.some((option) => WEBCAM_RESELL.has(option));
}

/**
 * Spec §6: webcam ads appear only to logged-in, non-paying members whose signup is more than
 * 4 days old, on a site that resells cams or camads. No user means logged out.
 */
export function showsWebcamAds(
  user: { paid_user: boolean; signup_date: string } | null | undefined,
  settings: { member_resell: readonly string[] },
  now: number,
): boolean {
  if (!user || user.paid_user) return false;
  if (!resellsCams(settings)) return false;
  const signedUpAt = Date.parse(user.signup_date);
  // An unreadable date must not show ads to someone who may have signed up a minute ago.
  return Number.isFinite(signedUpAt) && now - signedUpAt > WEBCAM_ADS_AFTER_SIGNUP_MS;
}

/**
 * Spec §4 gives the partner ad to everyone who sees results; a site whose premium promises no ads
 * (issue 16, settings `premium.benefits.no_ads`) keeps that promise to its paying members.
 */
export function showsPartnerAds(
  user: { paid_user: boolean } | null | undefined,
  settings: { premium?: { benefits: { no_ads: boolean } } | undefined },
): boolean {
  return !(user?.paid_user && settings.premium?.benefits.no_ads);
}

export type AdSlot = 'webcam' | 'partner';

/** Which ad, if any, takes grid position `index` (0-based, counting ads and cards alike). */
export function adSlotAt(index: number): AdSlot | undefined {
  const position = index % WEBCAM_AD_INTERVAL;
  if (position === WEBCAM_AD_INDEX) return 'webcam';
  if (position === PARTNER_AD_INDEX) return 'partner';
  return undefined;
}

/** Spec §7: the flows /api/resellpartner.php knows; the search grid's partner ad is `profile-search`. */
export const RESELL_PARTNER_FLOWS = ['profile-search'] as const;
export type ResellPartnerFlow = (typeof RESELL_PARTNER_FLOWS)[number];

export const CAMS_SEARCH_PATH = '/api/xcams/search.php';

/** Spec §7: a webcam ad click opens this in a new window; the server redirects to the partner. */
export function webcamAdHref(account: string): string {
  return `/api/xcams/redirect.php?account=${encodeURIComponent(account)}`;
}

/** Spec §7: a partner ad click opens this in a new window; the server redirects to the partner. */
export function partnerAdHref(flow: ResellPartnerFlow = 'profile-search'): string {
  return `/api/resellpartner.php?flow=${encodeURIComponent(flow)}&redirect=1`;
}
