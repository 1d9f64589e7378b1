import { CreditsResponseSchema } from '@rendezvous/contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/credits.php: the balance, what one message costs, and the latest ledger rows. */
export function getCredits(signal?: AbortSignal) {
  return apiRequest('GET', '/api/credits.php', CreditsResponseSchema, { signal });
}
