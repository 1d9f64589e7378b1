import type { ShouldRevalidateFunctionArgs } from 'react-router';
import type { LanderData } from '../../features/landers/api/load-lander';
import { useLanderVisit } from '../../features/landers/hooks/use-lander-visit';
import { readTrafficSource, trafficSourceFromSearch } from '../../features/signup/lib/traffic-source';

/*
 * What the eight lander routes (spec §2 /landers/{name}/{slug...}) share: each route module loads
 * its lander's data and composes the lander with the sign-up: the form (lander-signup-form.tsx)
 * or the call that opens it (lander-signup-call.tsx), kept apart so a lander loads only its own.
 */

/** Paid-traffic pages are not for search engines: in the page, and in a header for those reading no HTML. */
export function meta() {
  return [{ name: 'robots', content: 'noindex' }];
}

export function headers() {
  return { 'X-Robots-Tag': 'noindex' };
}

/** The showcase stays as loaded; only another slug is another page (the sign-up revalidates the root alone). */
export function shouldRevalidate({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) {
  return currentParams['*'] !== nextParams['*'];
}

/**
 * The network of the visit's traffic source: still in the address on arrival (the root takes
 * it out after the page's own effects ran), else the one stored by an earlier visit.
 */
function networkOnArrival(): string | null {
  return trafficSourceFromSearch(window.location.search)?.network ?? readTrafficSource()?.network ?? null;
}

export function useLanderVisitBeacon(data: LanderData): void {
  useLanderVisit(data.lander, data.slug, networkOnArrival);
}
