import { z } from 'zod';

// Apart from account-calls.ts and the account forms, so that the pages showing them load these, and
// zod, with the first call or check (see `lazySchemas`).
export {
  AccountDeletedSchema,
  ActivationResentSchema,
  DeleteAccountSchema,
  DiscountCodeSchema,
  EmailChangedSchema,
  EmailChangePendingSchema,
  EmailChangeRequestSchema,
  EmailChangeUndoneSchema,
  PasswordChangedSchema,
  PasswordChangeSchema,
  PasswordResetDoSchema,
  PasswordResetRequestSchema,
  PasswordResetSentSchema,
} from '@rendezvous/contract';

/** Spec §7: the answer `done` means the session is gone. */
export const LoggedOutSchema = z.literal('done');
