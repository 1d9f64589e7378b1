import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { ConsolePermission } from '@rendezvous/contract';
import type { MemberRow } from '../db/schema.js';
import { notLoggedIn } from '../errors.js';
import { SESSION_COOKIE, type SessionsRepository } from '../platform/sessions/sessions.repository.js';
import type { StaffSession } from '../platform/staff/staff-sessions.repository.js';

/**
 * Who may call a route, declared in its `config`:
 * - `public`: anyone, and the answer does not depend on who asks;
 * - `optional`: anyone, and a logged-in member gets their own answer (pages, search, contact);
 * - `member`: logged-in members only; anyone else gets the 403 before any other check.
 * - `staff`: the operator console (`/api/console/`), for staff whose login is complete (password
 *   and two-factor code), holding the route's `permission` (plugins/staff-session.ts);
 * - `staff-login`: the console's two-factor step, for staff who gave their password but not yet
 *   the code: it is all such a session opens.
 */
export type RouteAccess = 'public' | 'optional' | 'member' | 'staff' | 'staff-login';
type StaffAccess = 'staff' | 'staff-login';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * Refusals of a call the route forbids (403 or 404), run right after the session check and
     * before the body is parsed or validated. Declared here rather than as `onRequest` so the
     * route's config alone decides how `request.member` is typed.
     */
    guards?: onRequestAsyncHookHandler[];
    /** On a `staff` route: what the staff member's role must allow (contract ROLE_PERMISSIONS). */
    permission?: ConsolePermission;
    /** On a `staff` route: a sensitive action, refused unless the two-factor code is under 10 minutes old. */
    reconfirm?: true;
  }
  // A merge that uses a type parameter must repeat Fastify's names in order up to it (the
  // route's config, which types `member` by the declared access); the ones before go unused.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface FastifyRequest<RouteGeneric, RawServer, RawRequest, SchemaCompiler, TypeProvider, ContextConfig> {
    /** The session's member, looked up once per request; always there on a `member` route. */
    member: ContextConfig extends { access: 'member' } ? MemberRow : MemberRow | null;
    /** The console session, looked up only for staff routes; always there on one. */
    staff: ContextConfig extends { access: StaffAccess } ? StaffSession : StaffSession | null;
  }
  interface FastifyInstance {
    /** The request's session looked up again: a long-lived stream checks it has not ended since. */
    sessionMember(request: FastifyRequest): Promise<MemberRow | null>;
    /** Every route's declared access, as the router holds them (the route walk test reads it). */
    routeAccess: ReadonlyArray<{ method: string; url: string; access: RouteAccess | undefined }>;
  }
}

export interface SessionCookieOptions {
  secure: boolean;
}

/**
 * Refuses a visitor with the 403 and tells the type that `request.member` is there: in a guard, or
 * in the handler of a member's call whose `requireMemberFor` guard has refused visitors already.
 */
export function requireMember<Request extends FastifyRequest>(
  request: Request,
): asserts request is Request & { member: MemberRow } {
  if (!request.member) throw notLoggedIn();
}

/**
 * A guard (`config.guards`) for the member's call on an address that also serves visitors (the spec
 * puts sign-up and the push subscription both on POST /api/user.php), picked out by `isMemberCall`:
 * a visitor gets the 403 before the input is parsed or validated, as on a `member` route. It sees
 * the query as sent, since validation comes after it (`readSentQuery`).
 */
export function requireMemberFor(isMemberCall: (request: FastifyRequest) => boolean): onRequestAsyncHookHandler {
  return async (request) => {
    if (isMemberCall(request)) requireMember(request);
  };
}

/** A query parameter as the client sent it: guards run before the route's schema has read the query. */
export function readSentQuery(request: FastifyRequest, name: string): unknown {
  const query: unknown = request.query;
  return typeof query === 'object' && query !== null ? (query as Record<string, unknown>)[name] : undefined;
}

const refuseWithoutMember: onRequestAsyncHookHandler = async (request) => {
  if (request.routeOptions.config.access === 'member') requireMember(request);
};

/**
 * The session half of the request pipeline: the cookie is resolved to a member once per request,
 * as the request arrives, and each route's declared access is enforced before anything else the
 * route does (CSRF and other refusals, then parsing and validation, then the handler). So a
 * logged-out call to a member route always gets the same 403, whatever its body.
 */
export const sessionPlugin = fp(async (app: FastifyInstance, options: { sessions: SessionsRepository }) => {
  const sessionMember = async (request: FastifyRequest) => {
    const token = request.cookies[SESSION_COOKIE];
    return token ? ((await options.sessions.findMember(token, request.site.id)) ?? null) : null;
  };
  app.decorate('sessionMember', sessionMember);
  app.decorateRequest('member', null);
  app.addHook('onRequest', async (request) => {
    request.member = await sessionMember(request);
  });

  const routes: { method: string | string[]; url: string; config?: { access?: RouteAccess } }[] = [];
  app.decorate('routeAccess', {
    getter: () =>
      routes.flatMap((route) =>
        [route.method].flat().map((method) => ({ method, url: route.url, access: route.config?.access })),
      ),
  });
  app.addHook('onRoute', (route) => {
    routes.push(route);
    // Read when the call comes, so a scope that declares its routes' access in its own onRoute hook counts.
    route.onRequest = [refuseWithoutMember, ...[route.onRequest ?? []].flat(), ...(route.config?.guards ?? [])];
  });
  app.addHook('onReady', async () => {
    const undeclared = app.routeAccess.filter((route) => route.access === undefined);
    if (undeclared.length > 0) {
      const list = undeclared.map((route) => `${route.method} ${route.url}`).join(', ');
      throw new Error(`Every route declares config.access (public, optional, member or staff); these do not: ${list}`);
    }
  });
});

/** For routes a plugin of others registers (static files): the access of those in this scope that declare none. */
export function declareAccessInScope(app: FastifyInstance, access: RouteAccess): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: route.config?.access ?? access };
  });
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: number, options: SessionCookieOptions) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    expires: new Date(expiresAt),
  });
}

export function clearSessionCookie(reply: FastifyReply, options: SessionCookieOptions) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: options.secure });
}
