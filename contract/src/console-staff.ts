import { z } from 'zod';
import { ConsoleSiteSchema, StaffCapacitySchema, StaffLanguageSchema } from './console-auth.js';
import { StaffRoleSchema } from './console.js';
import { VALIDATION } from './validation.js';

/** A staff account as the staff management screen lists it. */
export const StaffMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: StaffRoleSchema,
  sites: z.array(z.number().int()),
  languages: z.array(StaffLanguageSchema),
  capacity: z.number().int(),
  status: z.enum(['active', 'disabled']),
  /** False until the account has enrolled an authenticator app (at its first login). */
  two_factor: z.boolean(),
  created_at: z.number().int(),
  last_seen_at: z.number().int().nullable(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

/** GET /api/console/staff: every account, and the sites they can be given. */
export const StaffListResponseSchema = z.object({
  staff: z.array(StaffMemberSchema),
  sites: z.array(ConsoleSiteSchema),
});
export type StaffListResponse = z.infer<typeof StaffListResponseSchema>;

const siteIds = z.array(z.number(VALIDATION.choice).int(VALIDATION.choice).positive(VALIDATION.choice)).max(100);

/** What an admin decides about an account, on creation and afterwards. */
export const StaffAssignmentSchema = z.object({
  name: z.string({ error: VALIDATION.required }).trim().min(1, VALIDATION.required).max(100, VALIDATION.tooLong),
  role: StaffRoleSchema,
  sites: siteIds,
  languages: z.array(StaffLanguageSchema).max(20),
  capacity: StaffCapacitySchema,
});

/** POST /api/console/staff */
export const CreateStaffRequestSchema = StaffAssignmentSchema.extend({
  email: z.email(VALIDATION.email).trim().max(254, VALIDATION.tooLong),
});
export type CreateStaffRequest = z.infer<typeof CreateStaffRequestSchema>;

/** PUT /api/console/staff/:id */
export const UpdateStaffRequestSchema = StaffAssignmentSchema;
export type UpdateStaffRequest = z.infer<typeof UpdateStaffRequestSchema>;

export const StaffIdParamsSchema = z.object({ id: z.coerce.number<string>().int().positive() });

export const StaffResponseSchema = z.object({ staff: StaffMemberSchema });
export type StaffResponse = z.infer<typeof StaffResponseSchema>;

/**
 * POST /api/console/staff and /staff/:id/reset-password: a password made on the server, shown
 * once to the admin to hand over; the holder sets up two-factor login with it.
 */
export const StaffPasswordResponseSchema = z.object({ staff: StaffMemberSchema, password: z.string() });
export type StaffPasswordResponse = z.infer<typeof StaffPasswordResponseSchema>;
