import type { ResellPartnerFlow } from '@rendezvous/contract';
import { ACCOUNT_PLACEHOLDER } from '../../config.js';
import type { MemberTraffic } from './partners.repository.js';

/** What a partner learns about where a click came from (spec §3 tracking record, plus the site). */
export interface PartnerTracking {
  site: string;
  network: string | null;
  ref: string | null;
  sub1: string | null;
  sub2: string | null;
  sub3: string | null;
}

/** The site's domain and, for a member who came through a traffic source, that source. */
export function partnerTracking(site: string, traffic: MemberTraffic | undefined): PartnerTracking {
  return {
    site,
    network: traffic?.network ?? null,
    ref: traffic?.ref ?? null,
    sub1: traffic?.sub1 ?? null,
    sub2: traffic?.sub2 ?? null,
    sub3: traffic?.sub3 ?? null,
  };
}

// Only our own demo targets are relative; resolving them against a fixed origin never lets a Host header in.
const RELATIVE_BASE = 'http://relative.invalid';

function withParams(target: string, params: Record<string, string | null>): string {
  const relative = target.startsWith('/');
  const url = new URL(target, RELATIVE_BASE);
  for (const [name, value] of Object.entries(params)) {
    if (value) url.searchParams.set(name, value);
  }
  return relative ? `${url.pathname}${url.search}` : url.href;
}

/**
 * The partner address of one cam account. The template comes from configuration only (its host is
 * checked there to lie before `{account}`); the account is encoded, so it can add no path or host.
 */
export function camsRedirectLocation(template: string, account: string, tracking: PartnerTracking): string {
  return withParams(template.replaceAll(ACCOUNT_PLACEHOLDER, encodeURIComponent(account)), { ...tracking });
}

/** The resell partner's address for a placement (`flow`), with the same tracking. */
export function resellPartnerLocation(base: string, flow: ResellPartnerFlow, tracking: PartnerTracking): string {
  return withParams(base, { flow, ...tracking });
}
