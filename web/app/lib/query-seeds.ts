import type { DataTag, QueryClient, QueryKey } from '@tanstack/react-query';
import type { UIMatch } from 'react-router';

/**
 * An answer a route's loader read on the server for the page's first screen (issue 17). It goes
 * into the app's cache before anything renders, so the first HTML shows it, hydration renders the
 * same, and the browser does not ask for it again while it is fresh.
 */
export interface QuerySeed {
  queryKey: QueryKey;
  data: unknown;
}

/** A loader's data carries its seeds under this name. */
export interface WithQuerySeeds {
  querySeeds?: readonly QuerySeed[];
}

export function querySeed<T, E>(queryKey: DataTag<QueryKey, T, E>, data: T): QuerySeed {
  return { queryKey, data };
}

/** Puts the matched routes' seeds in a cache that does not hold those answers yet. */
export function plantQuerySeeds(client: QueryClient, matches: readonly UIMatch[]): void {
  for (const match of matches) {
    const seeds = (match.loaderData as WithQuerySeeds | null | undefined)?.querySeeds ?? [];
    for (const { queryKey, data } of seeds) {
      if (client.getQueryData(queryKey) === undefined) client.setQueryData(queryKey, data);
    }
  }
}
