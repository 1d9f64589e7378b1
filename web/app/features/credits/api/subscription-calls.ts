import {
  PUBLIC_CANCEL_PATH,
  SUBSCRIPTION_PATH,
  type PublicCancelRequest,
  type SubscriptionActionRequest,
} from '@rendezvous/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { lazySchemas } from '../../../lib/lazy-schemas';

export const subscriptionSchema = lazySchemas(() => import('./subscription-schemas'));

/** GET /api/subscription.php: the member's newest membership and whether premium applies now. */
export function getSubscription(signal?: AbortSignal) {
  return apiRequest('GET', SUBSCRIPTION_PATH, subscriptionSchema('SubscriptionResponseSchema'), { signal });
}

export function subscriptionQueryOptions() {
  return queryOptions({ queryKey: ['subscription'], queryFn: ({ signal }) => getSubscription(signal) });
}

/** POST /api/subscription.php: cancel the next renewal, take that back, or withdraw from the contract. */
export function changeSubscription(change: SubscriptionActionRequest) {
  return apiRequest('POST', SUBSCRIPTION_PATH, subscriptionSchema('SubscriptionResponseSchema'), { body: change });
}

/** POST /api/cancelcontract.php: the public cancel page's notice, confirmed to the address by e-mail. */
export function cancelContract(notice: PublicCancelRequest) {
  return apiRequest('POST', PUBLIC_CANCEL_PATH, subscriptionSchema('PublicCancelResponseSchema'), { body: notice });
}
