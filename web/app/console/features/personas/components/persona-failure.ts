import { ApiError } from '../../../../lib/api-client';

/** The catalogue key for a refused persona change that no field of the form can show. */
export function personaFailureOf(error: unknown): string {
  if (!(error instanceof ApiError)) return 'console.personas.failed';
  // A field this form does not show (the server checked more than the form knew).
  if (error.status === 400) return 'console.personas.invalid';
  if (error.status === 403) return 'console.personas.forbidden';
  if (error.status === 404) return 'console.personas.gone';
  if (error.status === 429) return 'console.personas.rate_limited';
  return 'console.personas.failed';
}
