import { z } from 'zod';
import {
  CITY_MAX,
  EMAIL_MAX,
  EMAIL_PATTERN,
  isValidDateOfBirth,
  NAME_MAX,
  nameProblem,
  NOTE_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from './fields.js';
import { TRAFFIC_SOURCE_MAX_LENGTH, type TrafficSourceField } from './tracking.js';
import { GenderSchema } from './user.js';
import { VALIDATION } from './validation.js';

/** How long mailed links stay valid (the mails say so too). */
export const ACTIVATION_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_LINK_TTL_MS = 2 * 60 * 60 * 1000;
export const EMAIL_CHANGE_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** The old address can undo a change for longer than the new one has to confirm it. */
export const EMAIL_CHANGE_UNDO_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export const EmailSchema = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, VALIDATION.required)
  .max(EMAIL_MAX, VALIDATION.tooLong)
  .regex(EMAIL_PATTERN, VALIDATION.email);

export const DateOfBirthSchema = z.string().refine((value) => isValidDateOfBirth(value), VALIDATION.dateOfBirth);

/** A member's country: one of the site's, which the server checks; here only its shape. */
export const CountryFieldSchema = z.string().regex(/^[A-Z]{2}$/, VALIDATION.country);
export const CityFieldSchema = z.string().trim().max(CITY_MAX, VALIDATION.tooLong);
/** An allowed-value answer or about-me text; which names a site takes is checked on the server. */
export const PersonalFieldSchema = z.string().max(NOTE_MAX, VALIDATION.tooLong);

/** Spec §3 tracking record, as the traffic-source cookie carries it. */
export const TrafficSourceSchema = z
  .object(
    Object.fromEntries(
      Object.entries(TRAFFIC_SOURCE_MAX_LENGTH).map(([field, max]) => [field, z.string().max(max).optional()]),
    ) as Record<TrafficSourceField, z.ZodOptional<z.ZodString>>,
  )
  .partial();

/** Spec §3 signup profile fields beyond e-mail, name and password. */
export const SignupProfileSchema = z
  .object({
    country: CountryFieldSchema.nullish(),
    region: z.number().int().positive().nullish(),
    city: CityFieldSchema.nullish(),
    gender: GenderSchema.nullish(),
    date_of_birth: DateOfBirthSchema.nullish(),
  })
  .catchall(PersonalFieldSchema);

/** POST /api/user.php?new=1 (spec §3 signup payload). */
export const SignupRequestSchema = z
  .object({
    email: EmailSchema,
    name: z.string().trim().max(NAME_MAX, VALIDATION.tooLong).default(''),
    // Spec §5: an empty password is a missing one, before it is a short one.
    password: z
      .string({ error: VALIDATION.required })
      .min(1, VALIDATION.required)
      .min(PASSWORD_MIN, VALIDATION.passwordMin)
      .max(PASSWORD_MAX, VALIDATION.tooLong),
    trafficsource: TrafficSourceSchema.nullish(),
    timezone: z.string().max(64, VALIDATION.tooLong).nullish(),
    country: z.string().max(2).nullish(),
    language: z.string().max(10).nullish(),
    profile: SignupProfileSchema.nullish(),
    form_path: z.string().max(500, VALIDATION.tooLong).nullish(),
    referrer: z.string().max(2000, VALIDATION.tooLong).nullish(),
    csrf: z.string().max(200).nullish(),
    token: z.string().max(200).nullish(),
    n: z.union([z.string(), z.number()]).nullish(),
  })
  .superRefine((value, ctx) => {
    const problem = value.name === '' ? null : nameProblem(value.name, value.email);
    if (problem) ctx.addIssue({ code: 'custom', path: ['name'], message: problem });
  });
export type SignupRequest = z.input<typeof SignupRequestSchema>;

export const EMAIL_STATUSES = ['new', 'active', 'not_confirmed', 'deleted', 'invalid'] as const;

/** GET /api/validate_email.php */
export const ValidateEmailResponseSchema = z.object({
  token: z.string(),
  status: z.enum(EMAIL_STATUSES),
  email: z.string(),
  request_email: z.string(),
});
export type ValidateEmailResponse = z.infer<typeof ValidateEmailResponseSchema>;

/** GET /api/activate.php: whether the mail server accepted the activation mail. */
export const ActivateStatusSchema = z.object({ delivered: z.boolean().nullable(), active: z.boolean() });

/** POST /api/activate.php: a new activation mail for a member who lost the first (ours; the spec shows only the GET). */
export const ActivationResentSchema = z.object({ sent: z.literal(true) });

/** PUT /api/user.php: the location, or the profile object with the step it came from. */
export const UpdateLocationSchema = z.object({
  country: CountryFieldSchema,
  countryregion: z.number().int().nonnegative().nullish(),
  city: CityFieldSchema.nullish(),
});
/**
 * The profile object: only the fields sent change. An allowed-value answer or about-me text sent
 * as null or '' is removed. The sign-up names its step; the profile page sends none.
 */
export const UpdateProfileSchema = z.object({
  profile: z
    .object({
      gender: GenderSchema.nullish(),
      date_of_birth: DateOfBirthSchema.nullish(),
      name: z.string().trim().max(NAME_MAX, VALIDATION.tooLong).optional(),
      personal: z.record(z.string(), PersonalFieldSchema).optional(),
    })
    .catchall(PersonalFieldSchema.nullish()),
  lastSignupStep: z.number().int().min(0).max(7).optional(),
});

/**
 * The browser push services a subscription may point at (Chrome/FCM, Firefox, Safari, Edge and
 * Windows). The server posts to the endpoint a member sends, so any other host would let a member
 * aim those posts at machines inside our network. An entry starting with `*.` allows its subdomains.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.notify.windows.com',
] as const;

export function isPushServiceHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((allowed) =>
    allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed,
  );
}

/** An https URL on the default port, without credentials, at a known push service. */
export function isPushEndpoint(endpoint: string): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  return (
    url.protocol === 'https:' && url.port === '' && !url.username && !url.password && isPushServiceHost(url.hostname)
  );
}

/** POST /api/user.php?push=1: the browser's PushSubscription.toJSON(). */
export const PushSubscriptionSchema = z.object({
  endpoint: z.string().max(2000, VALIDATION.tooLong).refine(isPushEndpoint, VALIDATION.choice),
  expirationTime: z.number().nullish(),
  keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(100) }),
});

/** DELETE /api/user.php?push=1: push turned off on this device. */
export const PushUnsubscribeSchema = z.object({ endpoint: z.url().max(2000) });

/** POST /api/password_reset.php: always answered the same, whether or not the address has an account. */
export const PasswordResetRequestSchema = z.object({ email: EmailSchema });
/** POST /api/password_reset_confirm.php: the token from the mailed link and the new password. */
export const PasswordResetDoSchema = z.object({
  token: z.string({ error: VALIDATION.required }).min(1, VALIDATION.required).max(200),
  password: z
    .string({ error: VALIDATION.required })
    .min(PASSWORD_MIN, VALIDATION.passwordMin)
    .max(PASSWORD_MAX, VALIDATION.tooLong),
});
export const PasswordResetSentSchema = z.object({ sent: z.literal(true) });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

/** POST /api/account_delete.php: the password confirms it is really the member. */
export const DeleteAccountSchema = z.object({
  password: z.string({ error: VALIDATION.required }).min(1, VALIDATION.required).max(PASSWORD_MAX, VALIDATION.tooLong),
});
export const AccountDeletedSchema = z.object({ deleted: z.literal(true) });

/** POST /api/email_change.php: the new address, confirmed by the current password. */
export const EmailChangeRequestSchema = z.object({
  email: EmailSchema,
  password: z.string({ error: VALIDATION.required }).min(1, VALIDATION.required).max(PASSWORD_MAX, VALIDATION.tooLong),
});
export const EmailChangePendingSchema = z.object({ pending: z.string() });
/**
 * Why the new-password page opened: the old address undid an e-mail change it did not ask for
 * (spec §2 names it as the hash `email-change-incorrect`), so the page says what happened.
 */
export const RESET_REASON_EMAIL_CHANGE_INCORRECT = 'email-change-incorrect';
/** POST /api/email_change_confirm.php: the token from the link mailed to the new address. */
export const EmailChangeConfirmSchema = z.object({
  token: z.string({ error: VALIDATION.required }).min(1, VALIDATION.required).max(200),
});
export const EmailChangedSchema = z.object({ email: z.string() });
/**
 * The undo link mailed to the old address opens /mail-change/do with this flag set to 1: the
 * page asks for a click, so a mail scanner that opens the link undoes nothing.
 */
export const EMAIL_CHANGE_UNDO_PARAM = 'undo';
/** POST /api/email_change_undo.php: the token from the link mailed to the old address. */
export const EmailChangeUndoSchema = EmailChangeConfirmSchema;
/** The old address is back and every session ended; this token opens the new-password page. */
export const EmailChangeUndoneSchema = z.object({ reset_token: z.string() });

/** POST /api/password_change.php: a logged-in member's new password, confirmed by the current one. */
export const PasswordChangeSchema = z.object({
  current_password: z
    .string({ error: VALIDATION.required })
    .min(1, VALIDATION.required)
    .max(PASSWORD_MAX, VALIDATION.tooLong),
  password: z
    .string({ error: VALIDATION.required })
    .min(PASSWORD_MIN, VALIDATION.passwordMin)
    .max(PASSWORD_MAX, VALIDATION.tooLong),
});
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;
export const PasswordChangedSchema = z.object({ changed: z.literal(true) });
