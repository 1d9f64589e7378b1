import { UserSchema, type ProfileImageRemove, type ProfileImageUpdate, type User } from '@rendezvous/contract';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/profileimage.php: one of the member's own photos. */
export function removeProfileImage(id: number): Promise<User> {
  const body: ProfileImageRemove = { id };
  return apiRequest('DELETE', '/api/profileimage.php', UserSchema, { body });
}

/** PUT /api/profileimage.php: the photo other members see first. */
export function makeMainProfileImage(id: number): Promise<User> {
  const body: ProfileImageUpdate = { id, main: true };
  return apiRequest('PUT', '/api/profileimage.php', UserSchema, { body });
}
