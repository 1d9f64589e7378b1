import { PROFILE_IMAGE_FIELD, type User } from '@rendezvous/contract';
import { apiRequest, apiUpload } from './api-client';
import { lazySchemas } from './lazy-schemas';
import type { PushSubscriptionData } from './push';

// The member's own account, changed from the sign-up, the profile editor and the push prompts alike.

/** The answer of every call that changes the account, loaded with the first such call. */
export const loadUserSchema = lazySchemas(() => import('./user-schema'))('UserSchema');

export interface LocationUpdate {
  country: string;
  countryregion: number | null;
  /** Left out when the site does not ask for a town. */
  city?: string | null;
}

/** PUT /api/user.php with the living area (spec §7). */
export function updateLocation(location: LocationUpdate): Promise<User> {
  return apiRequest('PUT', '/api/user.php', loadUserSchema, { body: location });
}

export interface ProfileUpdate {
  name?: string;
  gender?: string | null;
  date_of_birth?: string | null;
  /** About-me texts by name; '' removes one. */
  personal?: Record<string, string>;
  /** Allowed-value answers, by field name; null removes one. */
  [field: string]: string | null | undefined | Record<string, string>;
}

/**
 * PUT /api/user.php with part of the profile object (spec §7); the sign-up also names the step it
 * was saved from, the profile editor does not.
 */
export function updateProfile(profile: ProfileUpdate, lastSignupStep?: number): Promise<User> {
  return apiRequest('PUT', '/api/user.php', loadUserSchema, { body: { profile, lastSignupStep } });
}

/** POST /api/profileimage.php, multipart with the photo in `file`. */
export function uploadProfileImage(file: File): Promise<User> {
  const body = new FormData();
  body.append(PROFILE_IMAGE_FIELD, file);
  return apiUpload('/api/profileimage.php', loadUserSchema, body);
}

/** POST /api/user.php?push=1 (spec §7): this device's subscription, kept for the member. */
export function registerPushSubscription(subscription: PushSubscriptionData): Promise<User> {
  return apiRequest('POST', '/api/user.php?push=1', loadUserSchema, { body: subscription });
}
