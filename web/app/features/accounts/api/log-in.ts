import type { LoginRequest } from '@rendezvous/contract';
import { apiSend } from '../../../lib/api-client';

/** Its own module with no schema: the login page stays light, and the page data reloads after it anyway. */
export function logIn(credentials: LoginRequest) {
  return apiSend('POST', '/api/login.php', credentials);
}
