import { UserSchema } from '@rendezvous/contract';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/user.php?push=1: the server forgets this device. */
export function forgetPushSubscription(endpoint: string) {
  return apiRequest('DELETE', '/api/user.php?push=1', UserSchema, { body: { endpoint } });
}
