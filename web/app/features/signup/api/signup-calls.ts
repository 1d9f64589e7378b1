import {
  ActivateStatusSchema,
  GeocodeResponseSchema,
  PROFILE_IMAGE_FIELD,
  UserSchema,
  ValidateEmailResponseSchema,
  type GeocodeResponse,
  type SignupRequest,
  type User,
} from '@rendezvous/contract';
import { apiRequest, apiUpload } from '../../../lib/api-client';
import type { PushSubscriptionData } from '../lib/signup-steps';

/** POST /api/user.php?new=1: creates the account and its session. */
export function createAccount(payload: SignupRequest) {
  return apiRequest('POST', '/api/user.php?new=1', UserSchema, { body: payload });
}

/** GET /api/validate_email.php: the address's status and the token the sign-up sends back. */
export function validateEmail(email: string, signal?: AbortSignal) {
  return apiRequest('GET', `/api/validate_email.php?email=${encodeURIComponent(email)}`, ValidateEmailResponseSchema, {
    signal,
  });
}

/** GET /api/activate.php: whether the mail server accepted the activation mail yet. */
export function getActivationStatus(signal?: AbortSignal) {
  return apiRequest('GET', '/api/activate.php', ActivateStatusSchema, { signal });
}

export interface LocationUpdate {
  country: string;
  countryregion: number | null;
  city?: string | null;
}

/** PUT /api/user.php with the living area (spec §7). */
export function updateLocation(location: LocationUpdate) {
  return apiRequest('PUT', '/api/user.php', UserSchema, { body: location });
}

export interface ProfileUpdate {
  gender?: string | null;
  date_of_birth?: string | null;
  personal?: Record<string, string>;
  /** Allowed-value answers, by field name. */
  [field: string]: string | null | undefined | Record<string, string>;
}

/** PUT /api/user.php with part of the profile and the step it was saved from. */
export function updateProfile(profile: ProfileUpdate, lastSignupStep: number) {
  return apiRequest('PUT', '/api/user.php', UserSchema, { body: { profile, lastSignupStep } });
}

/** POST /api/user.php?push=1: keeps the browser's push subscription on the account. */
export function registerPushSubscription(subscription: PushSubscriptionData) {
  return apiRequest('POST', '/api/user.php?push=1', UserSchema, { body: subscription });
}

export type GeocodeResult = GeocodeResponse;

/** GET /api/geocode.php: the country, region and town at a position (nulls where unknown). */
export function geocode(lat: number, lon: number, signal?: AbortSignal) {
  return apiRequest('GET', `/api/geocode.php?lat=${lat}&lon=${lon}`, GeocodeResponseSchema, { signal });
}

/** POST /api/profileimage.php, multipart with the photo in `file`. */
export function uploadProfileImage(file: File): Promise<User> {
  const body = new FormData();
  body.append(PROFILE_IMAGE_FIELD, file);
  return apiUpload('/api/profileimage.php', UserSchema, body);
}
