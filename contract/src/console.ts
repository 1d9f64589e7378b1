import { z } from 'zod';

/**
 * The operator console's staff (issue 15). Staff are not members: they have their own accounts,
 * login, session cookie and calls under `/api/console/`. Their rights come from their role alone,
 * checked on the server for every call; the console only hides what the server would refuse.
 */
export const STAFF_ROLES = ['admin', 'supervisor', 'operator'] as const;
export const StaffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRoleSchema>;

/**
 * What a console call may need. Later parts (moderation, refunds, bans, site settings) add
 * theirs here and give them to roles below, so one table says who may do what.
 */
export const CONSOLE_PERMISSIONS = [
  /** Create, change and disable staff accounts, and reset their two-factor login. */
  'staff.manage',
  /** Browse the audit log. */
  'audit.read',
  /** Create, edit, hide and retire fictional profiles and their persona sheets. */
  'personas.manage',
  /** Work the inbox: take conversations in one's own sites and languages and answer as the persona. */
  'inbox.answer',
  /** See every queue and operator, reassign, take over or release any claim. */
  'inbox.supervise',
  /** Write the snippets of a site or a persona for everyone (personal snippets need only inbox.answer). */
  'snippets.manage',
  /** Change a site's settings: its own (the spec's settings object) and the console's (answer-time target, claim idle time). */
  'settings.manage',
  /** Work the moderation queue: claim items and decide them, bans and suspensions included. */
  'moderation.decide',
  /** Lift a ban or suspension outside an appeal. */
  'moderation.lift',
  /** Read the dashboard: visits, sign-ups, revenue, answers and open reports per site and day. */
  'dashboard.read',
  /** Find members and read everything about them; add staff notes. */
  'members.read',
  /** Refund orders, give credits back for messages and grant credits, up to the role's daily limit. */
  'members.refund',
  /** Approve or refuse what went over someone's daily limit; no limit of one's own. */
  'refunds.approve',
  /** Act on a member's account as asked: password reset, activation, e-mail change, export, deletion. */
  'members.manage',
] as const;
export const ConsolePermissionSchema = z.enum(CONSOLE_PERMISSIONS);
export type ConsolePermission = z.infer<typeof ConsolePermissionSchema>;

const OPERATOR_PERMISSIONS: readonly ConsolePermission[] = ['inbox.answer', 'members.read', 'members.refund'];
const SUPERVISOR_PERMISSIONS: readonly ConsolePermission[] = [
  ...OPERATOR_PERMISSIONS,
  'inbox.supervise',
  'personas.manage',
  'snippets.manage',
  'moderation.decide',
  'dashboard.read',
  'members.manage',
];

export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly ConsolePermission[]>> = {
  admin: CONSOLE_PERMISSIONS,
  supervisor: SUPERVISOR_PERMISSIONS,
  operator: OPERATOR_PERMISSIONS,
};

export const roleAllows = (role: StaffRole, permission: ConsolePermission): boolean =>
  ROLE_PERMISSIONS[role].includes(permission);

/** Whether `role` holds every right `other` holds: nobody hands out more than they have. */
export const roleCovers = (role: StaffRole, other: StaffRole): boolean =>
  ROLE_PERMISSIONS[other].every((permission) => roleAllows(role, permission));

/** A sensitive action asks for the two-factor code again when the last one is older than this. */
export const STAFF_RECONFIRM_MS = 10 * 60_000;

/** The console's own cookie, sent only to `/console` and `/api/console`. */
export const STAFF_SESSION_COOKIE = 'rv_console';
