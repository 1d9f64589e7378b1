import { z } from 'zod';
import { CONSOLE_PERMISSIONS, StaffRoleSchema } from './console.js';
import { LOCALES } from './locales.js';
import { VALIDATION } from './validation.js';

/**
 * The console's own field messages: catalogue keys in the `console` namespace, which only the
 * console's pages carry (server/src/platform/i18n/catalogues.ts).
 */
export const CONSOLE_VALIDATION = {
  codeFormat: 'console.validation.code_format',
  codeWrong: 'console.validation.code_wrong',
  recoveryCodeWrong: 'console.validation.recovery_code_wrong',
  siteUnknown: 'console.validation.site_unknown',
} as const;

/** Ten codes, each good for one login without the authenticator app. */
export const RECOVERY_CODE_COUNT = 10;
/** The most open conversations an operator can hold at once; the inbox assigns by each one's capacity. */
export const STAFF_CAPACITY_MAX = 50;

/** POST /api/console/login */
export const ConsoleLoginRequestSchema = z.object({
  email: z.string({ error: VALIDATION.required }).trim().min(1, VALIDATION.required).max(254, VALIDATION.tooLong),
  password: z.string({ error: VALIDATION.required }).min(1, VALIDATION.required).max(1024, VALIDATION.tooLong),
});
export type ConsoleLoginRequest = z.infer<typeof ConsoleLoginRequestSchema>;

/** What the password opens: the enrolment at first login, the code afterwards. */
export const ConsoleLoginStageSchema = z.enum(['enrol', 'code']);
export type ConsoleLoginStage = z.infer<typeof ConsoleLoginStageSchema>;

export const ConsoleLoginResponseSchema = z.object({
  staff: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  stage: ConsoleLoginStageSchema,
});
export type ConsoleLoginResponse = z.infer<typeof ConsoleLoginResponseSchema>;

/** GET /api/console/totp/enrolment: the same secret until it is confirmed, so a reload shows the same QR code. */
export const TotpEnrolmentSchema = z.object({
  otpauth_uri: z.string(),
  /** The QR code of `otpauth_uri` as an SVG data URL, made on the server (no third party sees the secret). */
  qr_code: z.string(),
  /** For typing into an app that cannot scan. */
  secret: z.string(),
});
export type TotpEnrolment = z.infer<typeof TotpEnrolmentSchema>;

/** Six digits; the spaces some apps show in the middle are allowed. */
export const TotpCodeSchema = z
  .string({ error: VALIDATION.required })
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, CONSOLE_VALIDATION.codeFormat));

/** POST /api/console/totp/enrol, /totp/verify and /reconfirm */
export const TotpCodeRequestSchema = z.object({ code: TotpCodeSchema });
export type TotpCodeRequest = z.input<typeof TotpCodeRequestSchema>;

/** POST /api/console/totp/recover: a recovery code instead of the app's, used up by this login. */
export const RecoveryCodeRequestSchema = z.object({
  recovery_code: z
    .string({ error: VALIDATION.required })
    .trim()
    .min(1, VALIDATION.required)
    .max(64, CONSOLE_VALIDATION.recoveryCodeWrong),
});
export type RecoveryCodeRequest = z.infer<typeof RecoveryCodeRequestSchema>;

/** The answer of enrolment and of regeneration: shown once, never again. */
export const RecoveryCodesResponseSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponseSchema>;

export const ConsoleSiteSchema = z.object({ id: z.number().int(), domain: z.string(), name: z.string() });
export type ConsoleSite = z.infer<typeof ConsoleSiteSchema>;

export const StaffLanguageSchema = z.enum(LOCALES, VALIDATION.choice);

/** GET /api/console/me: who is logged in and what their role lets them do. */
export const ConsoleMeSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: StaffRoleSchema,
  permissions: z.array(z.enum(CONSOLE_PERMISSIONS)),
  sites: z.array(ConsoleSiteSchema),
  languages: z.array(StaffLanguageSchema),
  capacity: z.number().int(),
  recovery_codes_left: z.number().int(),
});
export type ConsoleMe = z.infer<typeof ConsoleMeSchema>;

export const StaffCapacitySchema = z
  .number(VALIDATION.choice)
  .int(VALIDATION.choice)
  .min(0, VALIDATION.choice)
  .max(STAFF_CAPACITY_MAX, VALIDATION.choice);

/** PUT /api/console/me/capacity: how many open conversations the operator takes at most. */
export const CapacityRequestSchema = z.object({ capacity: StaffCapacitySchema });
export type CapacityRequest = z.infer<typeof CapacityRequestSchema>;

/** POST /api/console/totp/verify and /totp/recover */
export const TotpVerifiedResponseSchema = z.object({ recovery_codes_left: z.number().int() });
export type TotpVerifiedResponse = z.infer<typeof TotpVerifiedResponseSchema>;
