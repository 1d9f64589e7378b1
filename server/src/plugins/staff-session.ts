import { roleAllows, STAFF_RECONFIRM_MS, STAFF_SESSION_COOKIE } from '@rendezvous/contract';
import type { FastifyInstance, FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, notLoggedIn } from '../errors.js';
import type { StaffSessionsRepository } from '../platform/staff/staff-sessions.repository.js';
import type { SessionCookieOptions } from './session.js';

/** Where the console's cookie goes: its pages and its calls, never the members' site. */
export const STAFF_COOKIE_PATHS = ['/console', '/api/console'] as const;
const CONSOLE_API = '/api/console/';

const twoFactorRequired = () =>
  new AppError(403, 'two_factor_required', 'Enter the code from your authenticator app to finish logging in.');
export const reconfirmRequired = () =>
  new AppError(403, 'reconfirm_required', 'Enter the code from your authenticator app again to do this.');
const forbidden = () => new AppError(403, 'forbidden', 'Your role does not allow this.');

/**
 * The console's refusals, in the pipeline's order (before CSRF, guards and input): no staff
 * session, then a login still waiting for its two-factor code, then the role's permission, then
 * a sensitive action whose code is too old.
 */
const refuseWithoutStaff: onRequestAsyncHookHandler = async (request) => {
  const { access, permission, reconfirm } = request.routeOptions.config;
  if (access !== 'staff' && access !== 'staff-login') return;
  const session = request.staff;
  if (!session) throw notLoggedIn();
  if (access === 'staff-login') return;
  if (session.totpAt === null) throw twoFactorRequired();
  if (permission && !roleAllows(session.staff.role, permission)) throw forbidden();
  if (reconfirm && Date.now() - session.totpAt > STAFF_RECONFIRM_MS) throw reconfirmRequired();
};

/**
 * The staff half of the request pipeline (after plugins/session.ts): the console cookie is
 * resolved only for the routes that declare staff access, and every console call is held to it.
 */
export const staffSessionPlugin = fp(
  async (app: FastifyInstance, options: { staffSessions: StaffSessionsRepository }) => {
    app.decorateRequest('staff', null);
    app.addHook('onRequest', async (request) => {
      const { access } = request.routeOptions.config;
      if (access !== 'staff' && access !== 'staff-login') return;
      const token = request.cookies[STAFF_SESSION_COOKIE];
      request.staff = token ? ((await options.staffSessions.find(token)) ?? null) : null;
    });
    app.addHook('onRoute', (route) => {
      route.onRequest = [refuseWithoutStaff, ...[route.onRequest ?? []].flat()];
    });
    app.addHook('onReady', async () => {
      // A console call open to members, or a staff call the console cookie never reaches, is a bug.
      const misplaced = app.routeAccess.filter((route) => {
        const staffOnly = route.access === 'staff' || route.access === 'staff-login';
        const inConsole = route.url.startsWith(CONSOLE_API);
        return inConsole ? !staffOnly && route.access !== 'public' : staffOnly;
      });
      if (misplaced.length > 0) {
        const list = misplaced.map((route) => `${route.method} ${route.url} (${route.access})`).join(', ');
        throw new Error(`Console calls live under ${CONSOLE_API} and declare staff access; these do not: ${list}`);
      }
    });
  },
);

export function setStaffSessionCookie(
  reply: FastifyReply,
  token: string,
  expiresAt: number,
  options: SessionCookieOptions,
) {
  for (const path of STAFF_COOKIE_PATHS) {
    // Strict: no link from another site ever arrives with a console session.
    reply.setCookie(STAFF_SESSION_COOKIE, token, {
      path,
      httpOnly: true,
      sameSite: 'strict',
      secure: options.secure,
      expires: new Date(expiresAt),
    });
  }
}

export function clearStaffSessionCookie(reply: FastifyReply, options: SessionCookieOptions) {
  for (const path of STAFF_COOKIE_PATHS) {
    reply.clearCookie(STAFF_SESSION_COOKIE, { path, httpOnly: true, sameSite: 'strict', secure: options.secure });
  }
}
