import {
  PROFILE_IMAGE_FIELD,
  UserSchema,
  type ProfileImageRemove,
  type ProfileImageUpdate,
  type User,
} from '@rendezvous/contract';
import { apiRequest, apiUpload } from '../../../lib/api-client';

export interface LocationUpdate {
  country: string;
  countryregion: number | null;
  /** Left out when the site does not ask for a town. */
  city?: string | null;
}

/** PUT /api/user.php with the living area (spec §7). */
export function updateLocation(location: LocationUpdate): Promise<User> {
  return apiRequest('PUT', '/api/user.php', UserSchema, { body: location });
}

export interface ProfileUpdate {
  name?: string;
  gender?: string | null;
  date_of_birth?: string | null;
  /** About-me texts by name; '' removes one. */
  personal?: Record<string, string>;
}

/**
 * PUT /api/user.php with part of the profile object. Unlike the sign-up it names no step.
 * `choices` are the site's allowed-value answers by field name; null removes one.
 */
export function updateProfile(profile: ProfileUpdate, choices: Record<string, string | null> = {}): Promise<User> {
  return apiRequest('PUT', '/api/user.php', UserSchema, { body: { profile: { ...choices, ...profile } } });
}

/** POST /api/profileimage.php, multipart with the photo in `file`. */
export function uploadProfileImage(file: File): Promise<User> {
  const body = new FormData();
  body.append(PROFILE_IMAGE_FIELD, file);
  return apiUpload('/api/profileimage.php', UserSchema, body);
}

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
