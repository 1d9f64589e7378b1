import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { MemberRow } from '../db/schema.js';
import { notLoggedIn } from '../errors.js';
import { SESSION_COOKIE, type SessionsRepository } from '../platform/sessions/sessions.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    member: MemberRow | null;
  }
  interface FastifyInstance {
    /** The request's session looked up again: a long-lived stream checks it has not ended since. */
    sessionMember(request: FastifyRequest): Promise<MemberRow | null>;
  }
}

export interface SessionCookieOptions {
  secure: boolean;
}

/** Resolves the session cookie to a member once per request; absence is not an error here. */
export const sessionPlugin = fp(async (app: FastifyInstance, options: { sessions: SessionsRepository }) => {
  const sessionMember = async (request: FastifyRequest) => {
    const token = request.cookies[SESSION_COOKIE];
    return token ? ((await options.sessions.findMember(token, request.site.id)) ?? null) : null;
  };
  app.decorate('sessionMember', sessionMember);
  app.decorateRequest('member', null);
  app.addHook('preHandler', async (request) => {
    request.member = await sessionMember(request);
  });
});

/** Guard for calls that need a logged-in member: 403, as the spec's clients expect. */
export async function requireMember(request: FastifyRequest): Promise<void> {
  memberOf(request);
}

/** The session member of a call that needs one; without one it is refused with a 403. */
export function memberOf(request: FastifyRequest): MemberRow {
  if (!request.member) throw notLoggedIn();
  return request.member;
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
