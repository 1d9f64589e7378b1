import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { precompiled } from '../../db/precompiled.js';
import { RESTRICTED_STATUSES, type MemberRow } from '../../db/schema.js';
import { ACTIVITY_TOUCH_INTERVAL_MS, touchActivity } from '../../db/search-rank.js';

export const SESSION_COOKIE = 'rv_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Every request with a cookie asks this, so it is compiled once. */
const sessionMember = precompiled((db: Db, tokenHash: string, now: number) =>
  db
    .selectFrom('sessions')
    .innerJoin('members', 'members.id', 'sessions.member_id')
    .selectAll('members')
    .where('sessions.id', '=', tokenHash)
    .where('sessions.expires_at', '>', now)
    .where('members.status', 'in', ['active', 'not_confirmed'])
    // Operators write as personas in the console; a persona never has a members' session.
    .where('members.fictional', '=', 0),
);

export function createSessionsRepository(db: Db) {
  return {
    /** A new random session; only its hash is stored, the token goes to the cookie. */
    async create(memberId: number): Promise<{ token: string; expiresAt: number }> {
      const token = randomBytes(32).toString('base64url');
      const now = Date.now();
      const expiresAt = now + SESSION_TTL_MS;
      await db
        .insertInto('sessions')
        .values({ id: hashToken(token), member_id: memberId, created_at: now, expires_at: expiresAt })
        .execute();
      return { token, expiresAt };
    },

    /** The member behind a live session on this site; deleted and banned members and personas have none. */
    async findMember(token: string, siteId: number): Promise<MemberRow | undefined> {
      const [found] = await sessionMember(db, hashToken(token), Date.now());
      // The site is checked here rather than in SQL: with it there, SQLite's planner weighs the
      // site's many members and picks a slower plan for what is one row by its key.
      const member = found?.site_id === siteId ? found : undefined;
      if (member && member.last_active_at < Date.now() - ACTIVITY_TOUCH_INTERVAL_MS) {
        await touchActivity(db, member.id);
      }
      return member;
    },

    /**
     * Whether the token's session was ended by a ban or suspension of its member (db/member-restrictions.ts
     * keeps such sessions, expired, for this question). Asking ends it for good: the member is told once.
     */
    async takeRestricted(token: string, siteId: number): Promise<boolean> {
      const tokenHash = hashToken(token);
      const found = await db
        .selectFrom('sessions')
        .innerJoin('members', 'members.id', 'sessions.member_id')
        .select('sessions.id')
        .where('sessions.id', '=', tokenHash)
        .where('members.site_id', '=', siteId)
        .where('members.status', 'in', RESTRICTED_STATUSES)
        .executeTakeFirst();
      if (!found) return false;
      await db.deleteFrom('sessions').where('id', '=', tokenHash).execute();
      return true;
    },

    /** Ends every session of a member, e.g. after a password change. */
    async destroyAllFor(memberId: number): Promise<void> {
      await db.deleteFrom('sessions').where('member_id', '=', memberId).execute();
    },

    async destroy(token: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
