import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { lazySchemas } from '../../../lib/lazy-schemas';

const schema = lazySchemas(() => import('./credits-schemas'));

/** GET /api/credits.php: the balance, what one message costs, and the latest ledger rows. */
export function getCredits(signal?: AbortSignal) {
  return apiRequest('GET', '/api/credits.php', schema('CreditsResponseSchema'), {
    signal,
  });
}

/** The member's credits in the app's cache. */
export function creditsQueryOptions() {
  return queryOptions({ queryKey: ['credits'], queryFn: ({ signal }) => getCredits(signal) });
}
