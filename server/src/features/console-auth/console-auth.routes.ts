import { hash, verify } from '@node-rs/argon2';
import {
  CONSOLE_VALIDATION,
  CapacityRequestSchema,
  ConsoleLoginRequestSchema,
  ConsoleLoginResponseSchema,
  ConsoleMeSchema,
  RecoveryCodeRequestSchema,
  RecoveryCodesResponseSchema,
  STAFF_SESSION_COOKIE,
  TotpCodeRequestSchema,
  TotpEnrolmentSchema,
  TotpVerifiedResponseSchema,
  type ConsoleLoginRequest,
} from '@rendezvous/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { StaffRow } from '../../db/schema.js';
import { AppError, invalidInput, notLoggedIn } from '../../errors.js';
import { MINUTE_MS } from '../../lib/time.js';
import type { AuditActor } from '../../platform/audit/audit-log.js';
import type { StaffSessionsRepository } from '../../platform/staff/staff-sessions.repository.js';
import type { TotpSecretBox } from '../../platform/two-factor/totp-secret.js';
import { acceptTotp, newTotpSecret, totpEnrolmentOffer } from '../../platform/two-factor/totp.js';
import type { SessionCookieOptions } from '../../plugins/session.js';
import { clearStaffSessionCookie, setStaffSessionCookie } from '../../plugins/staff-session.js';
import { createConsoleAuthRepository } from './console-auth.repository.js';
import { generateRecoveryCodes, hashRecoveryCode } from '../../platform/two-factor/recovery-codes.js';

export interface ConsoleAuthRoutesOptions {
  db: Db;
  staffSessions: StaffSessionsRepository;
  totpSecrets: TotpSecretBox;
  cookie: SessionCookieOptions;
}

/** The name an authenticator app shows above a staff member's code. */
export const CONSOLE_TOTP_ISSUER = 'Rendezvous console';

const LOGIN_WINDOW_MS = 15 * MINUTE_MS;
/** Passwords tried from one address; a console has few staff, so this is generous. */
export const CONSOLE_LOGINS_PER_IP = 20;
/** Passwords tried on one address from anywhere: the console's accounts are worth a targeted attack. */
export const CONSOLE_LOGINS_PER_EMAIL = 10;
/** Wrong codes a session may give before it ends and the password is asked again. */
export const CODE_FAILURES_PER_SESSION = 5;
/** Codes tried on one account across its sessions: 30 tries in a million per quarter hour. */
export const CODES_PER_ACCOUNT = 30;

const OkSchema = z.object({ ok: z.literal(true) });

const invalidCredentials = () =>
  new AppError(401, 'invalid_credentials', 'The e-mail address or password is incorrect.');
const alreadyEnrolled = () => new AppError(403, 'forbidden', 'Two-factor login is already set up for this account.');
const notEnrolled = () => new AppError(403, 'forbidden', 'Set up two-factor login first.');
const secretUnreadable = () =>
  new AppError(
    403,
    'forbidden',
    'Your two-factor login can no longer be checked (the server key changed). Ask an admin to reset it.',
  );

const actorOf = (request: FastifyRequest, staff: StaffRow): AuditActor => ({
  staffId: staff.id,
  staffEmail: staff.email,
  ip: request.ip,
});

/**
 * The console's login (password, then the authenticator app's code or its enrolment at first
 * login), the logged-in staff member's own account, and re-confirmation for sensitive actions.
 */
export const consoleAuthRoutes: FastifyPluginAsyncZod<ConsoleAuthRoutesOptions> = async (app, options) => {
  const { staffSessions, totpSecrets, cookie } = options;
  const accounts = createConsoleAuthRepository(options.db);
  // Verifying against a real hash when the address is unknown keeps both answers equally slow.
  const decoyHash = await hash('decoy-password-for-unknown-staff');
  // Counted per account (its id as the key), across all its sessions and addresses.
  const codeLimit = app.limits.perEmail('console-code', CODES_PER_ACCOUNT, LOGIN_WINDOW_MS, (request) =>
    request.staff ? `staff:${request.staff.staff.id}` : request.ip,
  );

  const tokenOf = (request: FastifyRequest): string => {
    const token = request.cookies[STAFF_SESSION_COOKIE];
    if (!token) throw notLoggedIn();
    return token;
  };

  const secretOf = (staff: StaffRow): string => {
    if (!staff.totp_secret || staff.totp_enrolled_at === null) throw notEnrolled();
    const secret = totpSecrets.open(staff.totp_secret);
    if (!secret) throw secretUnreadable();
    return secret;
  };

  /** A wrong code counts against the session; the last one allowed ends it. */
  async function refuseCode(
    request: FastifyRequest,
    reply: FastifyReply,
    staff: StaffRow,
    field: 'code' | 'recovery_code',
    audited: boolean,
  ): Promise<never> {
    const token = tokenOf(request);
    if (audited) await accounts.recordFailedLogin(actorOf(request, staff), field === 'code' ? 'code' : 'recovery_code');
    if ((await staffSessions.countCodeFailure(token)) >= CODE_FAILURES_PER_SESSION) {
      await staffSessions.destroy(token);
      clearStaffSessionCookie(reply, cookie);
      throw new AppError(429, 'rate_limited', 'Too many wrong codes. Log in again.');
    }
    const key = field === 'code' ? CONSOLE_VALIDATION.codeWrong : CONSOLE_VALIDATION.recoveryCodeWrong;
    throw invalidInput({ [field]: key }, 'That code is not right.');
  }

  app.post(
    '/api/console/login',
    {
      config: {
        access: 'public',
        limits: [
          app.limits.perIp('console-login', CONSOLE_LOGINS_PER_IP, LOGIN_WINDOW_MS),
          app.limits.perEmail(
            'console-login-email',
            CONSOLE_LOGINS_PER_EMAIL,
            LOGIN_WINDOW_MS,
            (request) => (request.body as ConsoleLoginRequest).email,
          ),
        ],
      },
      schema: { body: ConsoleLoginRequestSchema, response: { 200: ConsoleLoginResponseSchema } },
    },
    async (request, reply) => {
      const staff = await accounts.findActiveByEmail(request.body.email);
      const passwordOk = await verify(staff?.password_hash ?? decoyHash, request.body.password);
      if (!staff) throw invalidCredentials();
      if (!passwordOk) {
        await accounts.recordFailedLogin(actorOf(request, staff), 'password');
        throw invalidCredentials();
      }
      // A fresh session on every login, so a planted cookie never becomes a logged-in one.
      const previous = request.cookies[STAFF_SESSION_COOKIE];
      if (previous) await staffSessions.destroy(previous);
      const session = await staffSessions.create(staff.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      setStaffSessionCookie(reply, session.token, session.expiresAt, cookie);
      return {
        staff: { id: staff.id, name: staff.name, email: staff.email },
        stage: staff.totp_enrolled_at === null ? ('enrol' as const) : ('code' as const),
      };
    },
  );

  app.get(
    '/api/console/totp/enrolment',
    { config: { access: 'staff-login' }, schema: { response: { 200: TotpEnrolmentSchema } } },
    async (request) => {
      const { staff } = request.staff;
      if (staff.totp_enrolled_at !== null) throw alreadyEnrolled();
      // The secret already offered, if it is still readable: a reload must not undo a scan.
      let secret = staff.totp_secret ? totpSecrets.open(staff.totp_secret) : undefined;
      if (!secret) {
        secret = newTotpSecret();
        await accounts.offerSecret(staff.id, totpSecrets.seal(secret));
      }
      return totpEnrolmentOffer(CONSOLE_TOTP_ISSUER, staff.email, secret);
    },
  );

  app.post(
    '/api/console/totp/enrol',
    {
      config: { access: 'staff-login', limits: [codeLimit] },
      schema: { body: TotpCodeRequestSchema, response: { 200: RecoveryCodesResponseSchema } },
    },
    async (request, reply) => {
      const { staff } = request.staff;
      if (staff.totp_enrolled_at !== null) throw alreadyEnrolled();
      const secret = staff.totp_secret ? totpSecrets.open(staff.totp_secret) : undefined;
      if (!secret) throw new AppError(403, 'forbidden', 'Open the enrolment first.');
      const step = await acceptTotp(secret, request.body.code, null);
      if (step === null) return refuseCode(request, reply, staff, 'code', false);
      const codes = generateRecoveryCodes();
      const enrolled = await accounts.completeEnrolment(
        actorOf(request, staff),
        tokenOf(request),
        step,
        codes.map(hashRecoveryCode),
      );
      if (!enrolled) throw alreadyEnrolled();
      return { recovery_codes: codes };
    },
  );

  app.post(
    '/api/console/totp/verify',
    {
      config: { access: 'staff-login', limits: [codeLimit] },
      schema: { body: TotpCodeRequestSchema, response: { 200: TotpVerifiedResponseSchema } },
    },
    async (request, reply) => {
      const { staff } = request.staff;
      const step = await acceptTotp(secretOf(staff), request.body.code, staff.totp_last_step);
      const accepted =
        step !== null &&
        (await accounts.acceptCode(actorOf(request, staff), tokenOf(request), step, { action: 'staff.login' }));
      if (!accepted) return refuseCode(request, reply, staff, 'code', true);
      return { recovery_codes_left: await accounts.recoveryCodesLeft(staff.id) };
    },
  );

  app.post(
    '/api/console/totp/recover',
    {
      config: { access: 'staff-login', limits: [codeLimit] },
      schema: { body: RecoveryCodeRequestSchema, response: { 200: TotpVerifiedResponseSchema } },
    },
    async (request, reply) => {
      const { staff } = request.staff;
      if (staff.totp_enrolled_at === null) throw notEnrolled();
      const used = await accounts.acceptRecoveryCode(
        actorOf(request, staff),
        tokenOf(request),
        hashRecoveryCode(request.body.recovery_code),
      );
      if (!used) return refuseCode(request, reply, staff, 'recovery_code', true);
      return { recovery_codes_left: await accounts.recoveryCodesLeft(staff.id) };
    },
  );

  app.post(
    '/api/console/logout',
    { config: { access: 'staff-login' }, schema: { response: { 200: OkSchema } } },
    async (request, reply) => {
      await accounts.logOut(actorOf(request, request.staff.staff), tokenOf(request));
      clearStaffSessionCookie(reply, cookie);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/console/me',
    { config: { access: 'staff' }, schema: { response: { 200: ConsoleMeSchema } } },
    async (request) => accounts.me(request.staff.staff),
  );

  app.post(
    '/api/console/reconfirm',
    {
      config: { access: 'staff', limits: [codeLimit] },
      schema: { body: TotpCodeRequestSchema, response: { 200: OkSchema } },
    },
    async (request, reply) => {
      const { staff } = request.staff;
      const step = await acceptTotp(secretOf(staff), request.body.code, staff.totp_last_step);
      const accepted =
        step !== null && (await accounts.acceptCode(actorOf(request, staff), tokenOf(request), step, null));
      if (!accepted) return refuseCode(request, reply, staff, 'code', false);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/console/recovery-codes',
    { config: { access: 'staff', reconfirm: true }, schema: { response: { 200: RecoveryCodesResponseSchema } } },
    async (request) => {
      const codes = generateRecoveryCodes();
      await accounts.regenerateRecoveryCodes(actorOf(request, request.staff.staff), codes.map(hashRecoveryCode));
      return { recovery_codes: codes };
    },
  );

  app.put(
    '/api/console/me/capacity',
    {
      config: { access: 'staff', permission: 'inbox.answer' },
      schema: { body: CapacityRequestSchema, response: { 200: OkSchema } },
    },
    async (request) => {
      const { staff } = request.staff;
      await accounts.setCapacity(actorOf(request, staff), staff.capacity, request.body.capacity);
      return { ok: true as const };
    },
  );
};
