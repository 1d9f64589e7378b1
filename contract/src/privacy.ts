import { z } from 'zod';
import { VALIDATION } from './validation.js';

/**
 * A member's own privacy controls (issue 19), in the account settings.
 *
 * | call                                 | takes | answers                    |
 * |--------------------------------------|-------|----------------------------|
 * | GET  /api/data_export.php            |       | {@link DataExportResponse} |
 * | POST /api/data_export.php            |       | {@link DataExportResponse} |
 * | GET  /api/data_export_download.php   | id    | the zip (application/zip)  |
 *
 * An export is asked for, prepared in the background, announced by mail with a link to the
 * download, and deleted {@link DATA_EXPORT_TTL_MS} after it was ready. Only its member can
 * download it, logged in.
 */

/** How long a prepared export can be downloaded before its file is deleted (the mail says so). */
export const DATA_EXPORT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const DATA_EXPORT_STATES = ['pending', 'ready'] as const;
export const DataExportStateSchema = z.enum(DATA_EXPORT_STATES);
export type DataExportState = z.infer<typeof DataExportStateSchema>;

export const DataExportSchema = z.object({
  /** Opaque: the download's `id`. */
  id: z.string(),
  state: DataExportStateSchema,
  requested_at: z.number().int(),
  /** When it was ready; null while it is prepared. */
  ready_at: z.number().int().nullable(),
  /** When the file is deleted; null while it is prepared. */
  expires_at: z.number().int().nullable(),
  /** Bytes of the zip; null while it is prepared. */
  size: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof DataExportSchema>;

/** The member's latest export that can still be downloaded or is being prepared; null: none. */
export const DataExportResponseSchema = z.object({ export: DataExportSchema.nullable() });
export type DataExportResponse = z.infer<typeof DataExportResponseSchema>;

export const DataExportDownloadQuerySchema = z.object({ id: z.string().min(1).max(64) });

/**
 * Two-factor login for members (issue 19), optional, in the account settings.
 *
 * | call                            | takes                            | answers                          |
 * |---------------------------------|----------------------------------|----------------------------------|
 * | GET    /api/two_factor.php      |                                  | {@link TwoFactorStatus}          |
 * | POST   /api/two_factor_setup.php|                                  | TotpEnrolment (QR code, secret)  |
 * | PUT    /api/two_factor.php      | {@link TwoFactorConfirmRequest}  | RecoveryCodesResponse, shown once|
 * | DELETE /api/two_factor.php      | {@link TwoFactorDisableRequest}  | {@link TwoFactorStatus}          |
 * | POST   /api/login_code.php      | {@link LoginCodeRequest}         | the user (logged in)             |
 *
 * With it on, a right password answers 401 `two_factor_required` and a short-lived cookie that
 * names the login waiting for its code; `login_code.php` finishes it with the app's code or a
 * recovery code (each works once). A password reset then also asks for the code.
 */

/** How long a login whose password was right waits for its code. */
export const TWO_FACTOR_LOGIN_TTL_MS = 10 * 60 * 1000;

/** Six digits; the spaces some apps show in the middle are allowed. */
export const MemberTotpCodeSchema = z
  .string({ error: VALIDATION.required })
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, VALIDATION.codeFormat));

const RecoveryCodeSchema = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, VALIDATION.required)
  .max(64, VALIDATION.recoveryCodeWrong);

export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes; 0 while two-factor login is off. */
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** PUT: the first code from the app confirms the secret it was given. */
export const TwoFactorConfirmRequestSchema = z.object({ code: MemberTotpCodeSchema });
export type TwoFactorConfirmRequest = z.input<typeof TwoFactorConfirmRequestSchema>;

/** DELETE: the password and a code (the app's or a recovery code) turn it off. */
export const TwoFactorDisableRequestSchema = z.object({
  password: z.string({ error: VALIDATION.required }).min(1, VALIDATION.required).max(200, VALIDATION.tooLong),
  code: RecoveryCodeSchema,
});
export type TwoFactorDisableRequest = z.input<typeof TwoFactorDisableRequestSchema>;

/** The code from the app, or one recovery code instead. */
export const LoginCodeRequestSchema = z
  .object({ code: MemberTotpCodeSchema.optional(), recovery_code: RecoveryCodeSchema.optional() })
  .refine((request) => request.code !== undefined || request.recovery_code !== undefined, {
    message: VALIDATION.required,
    path: ['code'],
  });
export type LoginCodeRequest = z.input<typeof LoginCodeRequestSchema>;

/**
 * Hide from search (issue 19): the member stays out of search, similar members, the match finder
 * and landers, and visitors do not see their page; chats, likes and the page for members go on.
 *
 * | call                            | takes                     | answers                   |
 * |---------------------------------|---------------------------|---------------------------|
 * | GET /api/search_visibility.php  |                           | {@link SearchVisibility}  |
 * | PUT /api/search_visibility.php  | {@link SearchVisibility}  | {@link SearchVisibility}  |
 */

export const SearchVisibilitySchema = z.object({ hidden: z.boolean({ error: VALIDATION.required }) });
export type SearchVisibility = z.infer<typeof SearchVisibilitySchema>;

/**
 * Who viewed me (issue 19): members who opened the member's profile page, newest first, once a
 * day each, for {@link PROFILE_VISITS_KEPT_DAYS} days. A member who turned their trace off, or
 * hides from search, leaves none. Premium members see all; others the latest
 * `profile_visitors_free` (site setting).
 *
 * | call                              | takes                        | answers                        |
 * |-----------------------------------|------------------------------|--------------------------------|
 * | POST /api/profile_view.php        | {@link ProfileViewRequest}   | {@link ProfileViewResponse}    |
 * | GET  /api/profile_visitors.php    |                              | {@link ProfileVisitorsResponse}|
 * | PUT  /api/profile_visitors.php    | {@link VisitTraceRequest}    | {@link ProfileVisitorsResponse}|
 */
export const PROFILE_VISITS_KEPT_DAYS = 30;
/** The latest visitors a member without premium sees when the site does not say. */
export const DEFAULT_PROFILE_VISITORS_FREE = 3;

/** The latest visitors a member without premium sees on a site (its `profile_visitors_free`). */
export function freeProfileVisitors(settings: { profile_visitors_free?: number }): number {
  return settings.profile_visitors_free ?? DEFAULT_PROFILE_VISITORS_FREE;
}

/** Sent by the member page once it shows a member: opening it is the visit, not loading its data. */
export const ProfileViewRequestSchema = z.object({
  profile: z.number({ error: VALIDATION.required }).int(VALIDATION.choice).positive(VALIDATION.choice),
});
export type ProfileViewRequest = z.infer<typeof ProfileViewRequestSchema>;
/** Whether it left a trace (not for one's own profile, a persona's, or while hiding from search). */
export const ProfileViewResponseSchema = z.object({ recorded: z.boolean() });

export const ProfileVisitorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int().nullable(),
  city: z.string().nullable(),
  main_image: z.object({ thumb_filename: z.string() }).nullable(),
  /** ISO time of their latest visit that day. */
  viewed_at: z.string(),
});
export type ProfileVisitor = z.infer<typeof ProfileVisitorSchema>;

export const ProfileVisitorsResponseSchema = z.object({
  visitors: z.array(ProfileVisitorSchema),
  /** Visits not shown because the member has no premium; premium would show them. */
  more: z.number().int(),
  /** Whether the member's own visits show in others' lists. */
  leaves_trace: z.boolean(),
});
export type ProfileVisitorsResponse = z.infer<typeof ProfileVisitorsResponseSchema>;

/** PUT /api/profile_visitors.php: whether the member's own visits leave a trace. */
export const VisitTraceRequestSchema = z.object({ leaves_trace: z.boolean({ error: VALIDATION.required }) });
export type VisitTraceRequest = z.infer<typeof VisitTraceRequestSchema>;
