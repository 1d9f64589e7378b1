import { apiRequest } from '../../../lib/api-client';
import { loadUserSchema } from '../../../lib/user-calls';

/** DELETE /api/user.php?push=1: the server forgets this device. */
export function forgetPushSubscription(endpoint: string) {
  return apiRequest('DELETE', '/api/user.php?push=1', loadUserSchema, { body: { endpoint } });
}
