import type { CamItem } from '@rendezvous/contract';

export interface CamsFilters {
  gender?: 'male' | 'female';
  min_age?: number;
  max_age?: number;
}

/** The webcam partner's list of performers; the demo feed and the HTTP adapter both answer it. */
export interface CamsFeed {
  /**
   * Performers matching the filters, best first. Without filters, every performer the partner
   * offers, which is where the redirect looks an account up. Rejects with CamsFeedError.
   */
  search(filters: CamsFilters): Promise<CamItem[]>;
}

export type CamsFeedFailure = 'timeout' | 'unreachable' | 'bad_status' | 'bad_body';

/** The partner did not give a usable answer; callers answer 503 rather than 500. */
export class CamsFeedError extends Error {
  constructor(
    readonly reason: CamsFeedFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'CamsFeedError';
  }
}

/** Applied to every feed's answer too: a partner that ignores a filter must not put a man in a search for women. */
export function matchesFilters(cam: CamItem, filters: CamsFilters): boolean {
  return (
    (filters.gender === undefined || cam.gender === filters.gender) &&
    (filters.min_age === undefined || cam.age >= filters.min_age) &&
    (filters.max_age === undefined || cam.age <= filters.max_age)
  );
}

/** Looks an account up in the unfiltered list, so only a performer the partner offers is redirected to. */
export async function findCam(feed: CamsFeed, account: string): Promise<CamItem | undefined> {
  return (await feed.search({})).find((cam) => cam.account === account);
}
