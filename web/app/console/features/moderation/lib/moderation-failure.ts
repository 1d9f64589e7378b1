import { ApiError } from '../../../../lib/api-client';
import type { ConsoleNotice } from '../../../components/notice-status';
import { ReconfirmCancelled } from '../../../components/reconfirm';

/** Says why the server refused a moderation action, in the moderator's words. */
export function moderationFailureOf(error: unknown): ConsoleNotice {
  if (error instanceof ReconfirmCancelled) return { key: 'console.reconfirm.cancelled' };
  const body = error instanceof ApiError ? error.body?.error : undefined;
  switch (body?.code) {
    case 'claimed_by_other':
      return body.holder
        ? { key: 'console.moderation.failure.claimed_by_other', values: { name: body.holder.name } }
        : { key: 'console.moderation.failure.claimed_by_someone' };
    case 'claim_required':
    case 'item_decided':
    case 'own_decision':
    case 'not_found':
    case 'validation_failed':
      return { key: `console.moderation.failure.${body.code}` };
    default:
      return { key: 'console.moderation.failure.failed' };
  }
}
