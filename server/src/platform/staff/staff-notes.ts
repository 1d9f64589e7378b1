import type { StaffNote } from '@rendezvous/contract';
import type { Db } from '../../db/database.js';

/** Staff's private notes about a member, newest first: the inbox and the member page show the same. */
export async function staffNotesOf(db: Db, memberId: number): Promise<StaffNote[]> {
  const rows = await db
    .selectFrom('staff_notes as n')
    .leftJoin('staff as author', 'author.id', 'n.staff_id')
    .select(['n.id', 'n.body', 'n.created_at', 'author.id as author_id', 'author.name as author_name'])
    .where('n.member_id', '=', memberId)
    .orderBy('n.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    body: row.body,
    staff: row.author_id === null ? null : { id: row.author_id, name: row.author_name ?? '' },
    created_at: new Date(row.created_at).toISOString(),
  }));
}
