import type { ProfileImageRemove, ProfileImageUpdate, User } from '@rendezvous/contract';
import { apiRequest } from '../../../lib/api-client';
import { loadUserSchema } from '../../../lib/user-calls';

/** DELETE /api/profileimage.php: one of the member's own photos. */
export function removeProfileImage(id: number): Promise<User> {
  const body: ProfileImageRemove = { id };
  return apiRequest('DELETE', '/api/profileimage.php', loadUserSchema, { body });
}

/** PUT /api/profileimage.php: the photo other members see first. */
export function makeMainProfileImage(id: number): Promise<User> {
  const body: ProfileImageUpdate = { id, main: true };
  return apiRequest('PUT', '/api/profileimage.php', loadUserSchema, { body });
}
