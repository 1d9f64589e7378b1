import { SPENDING_PATH, type SpendingLimitRequest } from '@rendezvous/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { lazySchemas } from '../../../lib/lazy-schemas';

export const spendingSchema = lazySchemas(() => import('./spending-schemas'));

/** GET /api/spending.php: the member's monthly limit and what they spent this month. */
export function getSpending(signal?: AbortSignal) {
  return apiRequest('GET', SPENDING_PATH, spendingSchema('SpendingResponseSchema'), { signal });
}

export function spendingQueryOptions() {
  return queryOptions({ queryKey: ['spending'], queryFn: ({ signal }) => getSpending(signal) });
}

/** PUT /api/spending.php: a lower limit counts at once, a higher one or none after a day. */
export function setSpendingLimit(change: SpendingLimitRequest) {
  return apiRequest('PUT', SPENDING_PATH, spendingSchema('SpendingResponseSchema'), { body: change });
}
