// Apart from privacy-calls.ts so that the account page loads zod and these with its first call
// (see `lazySchemas`).
export {
  DataExportResponseSchema,
  ProfileVisitorsResponseSchema,
  RecoveryCodesResponseSchema,
  SearchVisibilitySchema,
  TotpEnrolmentSchema,
  TwoFactorConfirmRequestSchema,
  TwoFactorDisableRequestSchema,
  TwoFactorStatusSchema,
} from '@rendezvous/contract';
