import { queryOptions } from '@tanstack/react-query';
import { geocode, type GeocodeResult } from '../api/signup-calls';
import { GEOLOCATION_CACHE_MS } from './signup-steps';

export const GEOLOCATION_CACHE_KEY = 'rv_geolocation';
/** A phone without a fix should not hold the step up; the visitor can always choose by hand. */
const POSITION_TIMEOUT_MS = 10_000;

interface CachedGeocode {
  at: number;
  result: GeocodeResult;
}

export function readCachedGeocode(now = Date.now()): GeocodeResult | null {
  try {
    const cached = JSON.parse(window.localStorage.getItem(GEOLOCATION_CACHE_KEY) ?? 'null') as CachedGeocode | null;
    if (cached && typeof cached.at === 'number' && now - cached.at < GEOLOCATION_CACHE_MS) return cached.result;
  } catch {
    // Unreadable or unavailable storage: ask again.
  }
  return null;
}

function writeCachedGeocode(result: GeocodeResult, now = Date.now()): void {
  try {
    window.localStorage.setItem(GEOLOCATION_CACHE_KEY, JSON.stringify({ at: now, result } satisfies CachedGeocode));
  } catch {
    // Not cached: the next visit asks again.
  }
}

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      enableHighAccuracy: false,
      timeout: POSITION_TIMEOUT_MS,
      maximumAge: GEOLOCATION_CACHE_MS,
    });
  });
}

/**
 * Spec §2 step 3 prefill: where the visitor is, as country, region and town. Reuses a result
 * younger than an hour. Any failure (no support, permission refused, no fix, the call failing)
 * gives null and is only logged (spec §8).
 */
export async function locateVisitor(signal?: AbortSignal): Promise<GeocodeResult | null> {
  const cached = readCachedGeocode();
  if (cached) return cached;
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return null;
  try {
    const { coords } = await currentPosition();
    const result = await geocode(coords.latitude, coords.longitude, signal);
    writeCachedGeocode(result);
    return result;
  } catch (error) {
    if (!signal?.aborted) console.warn('Geolocation prefill failed', error);
    return null;
  }
}

/** Where the visitor is, in the app's cache as long as an answer counts (spec §9), so the step asks once. */
export function visitorLocationQueryOptions() {
  return queryOptions({
    queryKey: ['visitor-location'],
    queryFn: ({ signal }) => locateVisitor(signal),
    staleTime: GEOLOCATION_CACHE_MS,
  });
}
