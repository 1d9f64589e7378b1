import { ApiError } from '../../../../lib/api-client';
import { ReconfirmCancelled } from '../../../components/reconfirm';

/** The catalogue key that says why the server refused a member administration action. */
export function memberFailureOf(error: unknown): string {
  if (error instanceof ReconfirmCancelled) return 'console.reconfirm.cancelled';
  const code = error instanceof ApiError ? error.body?.error.code : undefined;
  switch (code) {
    case 'not_refundable':
    case 'refund_failed':
    case 'approval_decided':
    case 'not_found':
    case 'forbidden':
    case 'member_unavailable':
      return `console.members.failure.${code}`;
    default:
      return 'console.members.failure.failed';
  }
}
