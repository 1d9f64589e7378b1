import { createHash } from 'node:crypto';
import { TWO_FACTOR_LOGIN_TTL_MS, VALIDATION } from '@rendezvous/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import type { MemberRow } from '../../db/schema.js';
import { AppError, invalidInput } from '../../errors.js';
import type { SessionCookieOptions } from '../../plugins/session.js';
import { generateRecoveryCodes, hashRecoveryCode } from '../../platform/two-factor/recovery-codes.js';
import type { TotpSecretBox } from '../../platform/two-factor/totp-secret.js';
import { acceptTotp, newTotpSecret, totpEnrolmentOffer } from '../../platform/two-factor/totp.js';
import { createTwoFactorRepository } from './two-factor.repository.js';

/** The login that gave the right password and waits for its code; signed, so only the server makes one. */
export const PENDING_LOGIN_COOKIE = 'rv_login_code';

/** What a second factor may be: the app's code, or a recovery code in its place. */
export interface SecondFactor {
  code?: string;
  recovery_code?: string;
}

/**
 * Binds a waiting login to the password it was given with: once the password changes (a reset
 * elsewhere), the waiting login is void. A prefix of a hash of the hash: it reveals nothing.
 */
const passwordMark = (member: Pick<MemberRow, 'password_hash'>) =>
  createHash('sha256')
    .update(member.password_hash ?? '')
    .digest('base64url')
    .slice(0, 16);

/**
 * Members' optional two-factor login (issue 19): the TOTP and recovery codes staff use
 * (platform/two-factor), each member's secret sealed under the members' own key.
 */
export function createTwoFactor(db: Db, secrets: TotpSecretBox) {
  const repository = createTwoFactorRepository(db);

  /** Whether the member gave a right second factor now; each code and recovery code works once. */
  async function accepts(memberId: number, factor: SecondFactor): Promise<boolean> {
    const row = await repository.find(memberId);
    if (!row || row.enabled_at === null) return false;
    const typed = factor.code ?? factor.recovery_code ?? '';
    // Six digits are the app's code; anything else can only be a recovery code.
    if (/^\d{6}$/.test(typed.replace(/\s/g, ''))) {
      const secret = secrets.open(row.secret);
      const step = secret ? await acceptTotp(secret, typed.replace(/\s/g, ''), row.last_step) : null;
      return step !== null && repository.takeStep(memberId, step);
    }
    return repository.useRecoveryCode(memberId, hashRecoveryCode(typed), Date.now());
  }

  return {
    accepts,
    isEnabled: (memberId: number) => repository.isEnabled(memberId),

    async status(memberId: number) {
      const enabled = await repository.isEnabled(memberId);
      return { enabled, recovery_codes_left: enabled ? await repository.recoveryCodesLeft(memberId) : 0 };
    },

    /** The secret to scan: the one offered before if still unconfirmed (a reload must not undo a scan). */
    async offer(member: MemberRow, issuer: string) {
      const row = await repository.find(member.id);
      if (row?.enabled_at !== null && row?.enabled_at !== undefined) {
        throw new AppError(409, 'forbidden', 'Two-factor login is already on.');
      }
      let secret = row ? secrets.open(row.secret) : undefined;
      if (!secret) {
        secret = newTotpSecret();
        await repository.offer(member.id, secrets.seal(secret), Date.now());
      }
      return totpEnrolmentOffer(issuer, member.email, secret);
    },

    /** The app's first code turns it on; the recovery codes are answered once and kept only as hashes. */
    async confirm(memberId: number, code: string): Promise<string[]> {
      const row = await repository.find(memberId);
      if (!row) throw new AppError(409, 'forbidden', 'Start setting up two-factor login first.');
      if (row.enabled_at !== null) throw new AppError(409, 'forbidden', 'Two-factor login is already on.');
      const secret = secrets.open(row.secret);
      const step = secret ? await acceptTotp(secret, code, null) : null;
      if (step === null) throw invalidInput({ code: VALIDATION.codeWrong }, 'That code is not right.');
      const codes = generateRecoveryCodes();
      if (!(await repository.enable(memberId, step, codes.map(hashRecoveryCode), Date.now()))) {
        throw new AppError(409, 'forbidden', 'Two-factor login is already on.');
      }
      return codes;
    },

    disable: (memberId: number) => repository.disable(memberId),

    /**
     * Answers a right password with the step that asks for the code: 401 `two_factor_required`
     * and the signed cookie naming this login, for {@link TWO_FACTOR_LOGIN_TTL_MS}.
     */
    askForCode(reply: FastifyReply, member: MemberRow, cookie: SessionCookieOptions) {
      const expiresAt = Date.now() + TWO_FACTOR_LOGIN_TTL_MS;
      reply.setCookie(PENDING_LOGIN_COOKIE, `${member.id}.${expiresAt}.${passwordMark(member)}`, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: cookie.secure,
        signed: true,
        expires: new Date(expiresAt),
      });
      return reply.code(401).send({
        error: { code: 'two_factor_required', message: 'Enter the code from your authenticator app.' },
      });
    },

    /** The member id of the login waiting for its code, if the cookie is ours and still valid. */
    pendingMemberId(request: FastifyRequest): number | undefined {
      const raw = request.cookies[PENDING_LOGIN_COOKIE];
      const unsigned = raw ? request.unsignCookie(raw) : undefined;
      if (!unsigned?.valid || !unsigned.value) return undefined;
      const [id, expiresAt] = unsigned.value.split('.');
      if (Number(expiresAt) <= Date.now()) return undefined;
      const memberId = Number(id);
      return Number.isInteger(memberId) && memberId > 0 ? memberId : undefined;
    },

    /** Whether the waiting login was made with the member's current password. */
    samePassword(request: FastifyRequest, member: MemberRow): boolean {
      const raw = request.cookies[PENDING_LOGIN_COOKIE];
      const unsigned = raw ? request.unsignCookie(raw) : undefined;
      return Boolean(unsigned?.valid && unsigned.value?.split('.')[2] === passwordMark(member));
    },

    endPendingLogin(reply: FastifyReply, cookie: SessionCookieOptions) {
      reply.clearCookie(PENDING_LOGIN_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: cookie.secure });
    },
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
