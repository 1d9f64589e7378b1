import { ApiError } from '../../../../lib/api-client';

/** What the inbox tells the operator (a refusal, nothing to take) as a catalogue key and its values. */
export interface InboxNotice {
  key: string;
  values?: Record<string, string>;
}

/** Says why the server refused an inbox action, in the operator's words. */
export function inboxFailureOf(error: unknown): InboxNotice {
  const body = error instanceof ApiError ? error.body?.error : undefined;
  switch (body?.code) {
    case 'claimed_by_other':
      return body.holder
        ? { key: 'console.inbox.failure.claimed_by_other', values: { name: body.holder.name } }
        : { key: 'console.inbox.failure.claimed_by_someone' };
    case 'validation_failed':
      // A claim handed to someone who cannot answer there (other sites or languages, disabled).
      return {
        key: body.fields?.staff ? 'console.inbox.failure.cannot_take' : 'console.inbox.failure.validation_failed',
      };
    case 'claim_required':
    case 'capacity_reached':
    case 'member_unavailable':
    case 'blocked':
    case 'not_found':
    case 'forbidden':
      return { key: `console.inbox.failure.${body.code}` };
    default:
      return { key: 'console.inbox.failure.failed' };
  }
}

/** The same for a form, whose alert takes a key alone. */
export const inboxFormFailureOf = (error: unknown) => inboxFailureOf(error).key;
