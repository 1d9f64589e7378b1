import { GEOCODE_PATH, type GeocodeResponse, type SignupRequest } from '@rendezvous/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { lazySchemas } from '../../../lib/lazy-schemas';
import { loadUserSchema } from '../../../lib/user-calls';

export const signupSchema = lazySchemas(() => import('./signup-schemas'));

/** POST /api/user.php?new=1: creates the account and its session. */
export function createAccount(payload: SignupRequest) {
  return apiRequest('POST', '/api/user.php?new=1', loadUserSchema, { body: payload });
}

/** GET /api/validate_email.php: the address's status and the token the sign-up sends back. */
export function validateEmail(email: string, signal?: AbortSignal) {
  return apiRequest(
    'GET',
    `/api/validate_email.php?email=${encodeURIComponent(email)}`,
    signupSchema('ValidateEmailResponseSchema'),
    { signal },
  );
}

/** One address's check in the app's cache; its answer and token hold for the sign-up, so it is asked once. */
export function emailCheckQueryOptions(email: string) {
  return queryOptions({
    queryKey: ['validate-email', email],
    queryFn: ({ signal }) => validateEmail(email, signal),
    staleTime: Infinity,
  });
}

/** GET /api/activate.php: whether the mail server accepted the activation mail yet. */
export function getActivationStatus(signal?: AbortSignal) {
  return apiRequest('GET', '/api/activate.php', signupSchema('ActivateStatusSchema'), { signal });
}

/** The activation mail's delivery in the app's cache, asked on the activation screen's schedule. */
export function activationStatusQueryOptions() {
  return queryOptions({
    queryKey: ['activation-status'],
    queryFn: ({ signal }) => getActivationStatus(signal),
  });
}

export type GeocodeResult = GeocodeResponse;

/** GET /api/geocode.php: the country, region and town at a position (nulls where unknown). */
export function geocode(lat: number, lon: number, signal?: AbortSignal) {
  return apiRequest('GET', `${GEOCODE_PATH}?lat=${lat}&lon=${lon}`, signupSchema('GeocodeResponseSchema'), { signal });
}
