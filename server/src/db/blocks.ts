import { sql, type SqlBool } from 'kysely';
import type { Db } from './database.js';
import { precompiled } from './precompiled.js';

/**
 * The members hidden from `memberId` by a block in either direction: a block hides both members
 * from each other everywhere (search, member pages, likes, chats, notifications).
 */
export async function blockedEitherWay(db: Db, memberId: number): Promise<Set<number>> {
  const rows = await blocksOf(db, memberId);
  return new Set(rows.map((row) => row.id));
}

const blocksOf = precompiled((db: Db, memberId: number) =>
  db
    .selectFrom('blocks')
    .select('blocked_id as id')
    .where('member_id', '=', memberId)
    .unionAll(db.selectFrom('blocks').select('member_id as id').where('blocked_id', '=', memberId)),
);

/** Whether either of the two members blocked the other. */
export async function isBlockedEitherWay(db: Db, a: number, b: number): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('member_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('member_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('member_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * A condition on a query: the member in `column` (by default the row of `members`) is not blocked
 * by, and has not blocked, the viewer. One query can then hide blocked members without reading
 * the block list first.
 */
export function notBlockedWith(viewerId: number, column = 'members.id') {
  const other = sql.ref(column);
  return sql<SqlBool>`not exists (select 1 from blocks where (blocks.member_id = ${viewerId} and blocks.blocked_id = ${other}) or (blocks.blocked_id = ${viewerId} and blocks.member_id = ${other}))`;
}
