import { VALIDATION } from '@rendezvous/contract';
import { AppError, invalidInput } from '../../errors.js';

export { conversationNotFound } from '../../messaging/messages.js';

export const claimedByOther = (holder?: { id: number; name: string }) =>
  new AppError(
    409,
    'claimed_by_other',
    holder ? `${holder.name} is working in this conversation.` : 'Someone else is working in this conversation.',
    undefined,
    holder,
  );

export const claimRequired = () => new AppError(409, 'claim_required', 'Take this conversation before you answer it.');

export const capacityReached = () =>
  new AppError(409, 'capacity_reached', 'You hold as many conversations as you can take. Release one first.');

export const forbidden = () => new AppError(403, 'forbidden', 'Your role does not allow this.');

export const snippetNotFound = () => new AppError(404, 'not_found', 'This snippet does not exist.');

/** A referenced site, persona or staff member that is not there (or not one the caller may name). */
export const unknownChoice = (field: string) => invalidInput({ [field]: VALIDATION.choice });
