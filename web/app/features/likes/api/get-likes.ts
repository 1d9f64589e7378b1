import { LIKES_PATH } from '@rendezvous/contract';
import { apiRequest } from '../../../lib/api-client';
import { lazySchemas } from '../../../lib/lazy-schemas';

const schema = lazySchemas(() => import('./likes-schemas'));

/** GET /api/likes.php: who the member liked, and who liked them (spec §3); 403 when the session is gone. */
export function getLikes(signal?: AbortSignal) {
  return apiRequest('GET', LIKES_PATH, schema('LikesResponseSchema'), { signal });
}
