import { ApiError } from '../../../../lib/api-client';
import { ReconfirmCancelled } from '../../../components/reconfirm';

/** The catalogue key for a refused staff change the form's fields cannot show. */
export function staffFailureOf(error: unknown): string {
  if (error instanceof ReconfirmCancelled) return 'console.reconfirm.cancelled';
  if (error instanceof ApiError && error.body?.error.code === 'last_admin') return 'console.staff.last_admin';
  if (error instanceof ApiError && error.body?.error.code === 'forbidden') return 'console.staff.forbidden';
  return 'console.staff.failed';
}
