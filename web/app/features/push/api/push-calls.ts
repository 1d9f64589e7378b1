import { UserSchema } from '@rendezvous/contract';
import { apiRequest } from '../../../lib/api-client';
import type { PushSubscriptionData } from '../../../lib/push';

/** POST /api/user.php?push=1 (spec §7): this device's subscription, kept for the member. */
export function registerPushSubscription(subscription: PushSubscriptionData) {
  return apiRequest('POST', '/api/user.php?push=1', UserSchema, { body: subscription });
}

/** DELETE /api/user.php?push=1: the server forgets this device. */
export function forgetPushSubscription(endpoint: string) {
  return apiRequest('DELETE', '/api/user.php?push=1', UserSchema, { body: { endpoint } });
}
