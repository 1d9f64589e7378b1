import { TRAFFIC_SOURCE_MAX_LENGTH, type TrafficSource, type TrafficSourceField } from '@rendezvous/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { readCookie, writeCookie } from '../../../lib/cookies';

/** Spec §9: kept for 30 days, in a SameSite=Lax cookie on / and in local storage. */
export const TRAFFIC_SOURCE_MAX_AGE_S = 2_592_000;
export const TRAFFIC_SOURCE_KEY = 'rv_trafficsource';
/** Fired on window when a new traffic source was stored, so open forms can re-read it. */
export const TRAFFIC_SOURCE_EVENT = 'rendezvous:traffic-source';

type SourceField = TrafficSourceField;

/**
 * Spec §9 query parameters and the tracking-record field each one fills (spec §3). The aff_sub
 * variants come from affiliate networks; aff_sub4 and aff_sub5 have no place in the record, so
 * they are only taken out of the address.
 */
const PARAMETERS: ReadonlyArray<readonly [string, SourceField | null]> = [
  ['network', 'network'],
  ['ref', 'ref'],
  ['sub', 'sub'],
  ['sub1', 'sub1'],
  ['sub2', 'sub2'],
  ['sub3', 'sub3'],
  ['aff_sub', 'sub1'],
  ['aff_sub2', 'sub2'],
  ['aff_sub3', 'sub3'],
  ['aff_sub4', null],
  ['aff_sub5', null],
  ['cpc', 'cpc'],
];

/** The tracking values in a query string, or null when it carries none. Explicit sub1–3 win over aff_sub. */
export function trafficSourceFromSearch(search: string): TrafficSource | null {
  const params = new URLSearchParams(search);
  const source: TrafficSource = {};
  for (const [parameter, field] of PARAMETERS) {
    const value = params.get(parameter)?.trim();
    if (value && field && source[field] === undefined) source[field] = value.slice(0, TRAFFIC_SOURCE_MAX_LENGTH[field]);
  }
  return Object.keys(source).length > 0 ? source : null;
}

/** The query string without the tracking parameters, other parameters kept in their order. */
export function searchWithoutTrafficSource(search: string): string {
  const params = new URLSearchParams(search);
  for (const [parameter] of PARAMETERS) params.delete(parameter);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** A stored record, keeping only known fields within the contract's lengths (storage can be edited by hand). */
export function parseTrafficSource(raw: string | null | undefined): TrafficSource | null {
  if (!raw) return null;
  try {
    const stored: unknown = JSON.parse(raw);
    if (!stored || typeof stored !== 'object') return null;
    const source: TrafficSource = {};
    for (const [field, value] of Object.entries(stored)) {
      if (field in TRAFFIC_SOURCE_MAX_LENGTH && typeof value === 'string') {
        const known = field as TrafficSourceField;
        if (value.length <= TRAFFIC_SOURCE_MAX_LENGTH[known]) source[known] = value;
      }
    }
    return Object.keys(source).length > 0 ? source : null;
  } catch {
    return null;
  }
}

/** The network of the traffic-source cookie in a request's Cookie header, for a page loader on the server. */
export function trafficSourceNetworkFromCookies(cookieHeader: string | null): string | undefined {
  const prefix = `${TRAFFIC_SOURCE_KEY}=`;
  const raw = cookieHeader
    ?.split(/;\s*/)
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  if (!raw) return undefined;
  try {
    return parseTrafficSource(decodeURIComponent(raw))?.network || undefined;
  } catch {
    return undefined;
  }
}

/** The stored traffic source for the sign-up payload: local storage first, the cookie if storage was cleared. */
export function readTrafficSource(): TrafficSource | null {
  if (typeof window === 'undefined') return null;
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(TRAFFIC_SOURCE_KEY);
  } catch {
    // Storage can be disabled; the cookie still holds the record.
  }
  return parseTrafficSource(stored) ?? parseTrafficSource(readCookie(TRAFFIC_SOURCE_KEY));
}

function storeTrafficSource(source: TrafficSource): void {
  const value = JSON.stringify(source);
  writeCookie(TRAFFIC_SOURCE_KEY, value, TRAFFIC_SOURCE_MAX_AGE_S);
  try {
    window.localStorage.setItem(TRAFFIC_SOURCE_KEY, value);
  } catch {
    // Private mode or a full storage: the cookie is enough.
  }
}

/**
 * Stores the tracking parameters of the current address and takes them out of the address bar,
 * so a shared or bookmarked link does not credit the network again. A visit with parameters
 * replaces the record of an earlier one (the last campaign counts). Returns what was stored.
 */
export function captureTrafficSource(): TrafficSource | null {
  if (typeof window === 'undefined') return null;
  const { search, pathname, hash } = window.location;
  const source = trafficSourceFromSearch(search);
  const cleaned = searchWithoutTrafficSource(search);
  if (source) storeTrafficSource(source);
  if (cleaned !== search) {
    // The router's own history state is kept, so back and forward still work.
    window.history.replaceState(window.history.state, '', `${pathname}${cleaned}${hash}`);
  }
  if (source) window.dispatchEvent(new Event(TRAFFIC_SOURCE_EVENT));
  return source;
}

/** Call once from the root: captures the traffic source on arrival and on every change of query string. */
export function useTrafficSourceCapture(): void {
  const { search } = useLocation();
  useEffect(() => {
    captureTrafficSource();
  }, [search]);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(TRAFFIC_SOURCE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(TRAFFIC_SOURCE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The network of the stored traffic source (spec §6 sign-up mode); null on the server and when there is none. */
export function useTrafficSourceNetwork(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => readTrafficSource()?.network ?? null,
    () => null,
  );
}
