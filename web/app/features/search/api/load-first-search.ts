import { SearchResponseSchema, type SearchResponse } from '@rendezvous/contract';
import type { AppLoadContext } from 'react-router';
import { loadIfAnswered } from '../../../lib/server-record';
import { firstSearchPath } from './search-calls';

/**
 * The first load's search, asked by the page's loader on the server as the visitor, so the first
 * HTML has the first cards and the browser finds the largest image without running any script
 * (issue 17). A refusal or failure gives null: the page then asks from the browser as before and
 * shows that answer's failure state.
 */
export async function loadFirstSearch(
  context: AppLoadContext,
  trafficsource: string | undefined,
  page: number,
): Promise<SearchResponse | null> {
  return loadIfAnswered(context, firstSearchPath(trafficsource, page), SearchResponseSchema);
}
