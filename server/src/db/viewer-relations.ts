import { sql } from 'kysely';
import type { Db } from './database.js';
import { precompiled } from './precompiled.js';

/** Who the viewer may not see (a block either way) and whom among `ids` they liked. */
export interface ViewerRelations {
  blocked: Set<number>;
  liked: Set<number>;
}

type Kind = keyof ViewerRelations;

const relationsOf = precompiled((db: Db, viewerId: number, ids: readonly number[]) =>
  db
    .selectFrom('blocks')
    .select([sql<Kind>`'blocked'`.as('kind'), 'blocked_id as id'])
    .where('member_id', '=', viewerId)
    .unionAll(
      db
        .selectFrom('blocks')
        .select([sql<Kind>`'blocked'`.as('kind'), 'member_id as id'])
        .where('blocked_id', '=', viewerId),
    )
    .unionAll(
      db
        .selectFrom('likes')
        .select([sql<Kind>`'liked'`.as('kind'), 'profile_id as id'])
        .where('member_id', '=', viewerId)
        .where('profile_id', 'in', ids),
    ),
);

/**
 * A page of profiles as one viewer sees it, in one query: on PostgreSQL each query is a round trip
 * and the database's own work per request, which cost a search answer more than its reads did.
 */
export async function viewerRelations(db: Db, viewerId: number, ids: readonly number[]): Promise<ViewerRelations> {
  const relations: ViewerRelations = { blocked: new Set(), liked: new Set() };
  // `in ()` is no SQL; with no ids there are no likes to read.
  for (const row of await relationsOf(db, viewerId, ids.length > 0 ? ids : [0])) relations[row.kind].add(row.id);
  return relations;
}
