import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DataExportsTable } from '../../db/schema.js';

export type DataExportRow = Selectable<DataExportsTable>;

/** The member's exports: asked for, claimed by one node, ready, expired. */
export function createDataExportsRepository(db: Db) {
  const live = (memberId: number, now: number) =>
    db
      .selectFrom('data_exports')
      .selectAll()
      .where('member_id', '=', memberId)
      .where((eb) => eb.or([eb('state', '!=', 'ready'), eb('expires_at', '>', now)]));

  return {
    /** The newest export still being prepared or downloadable. */
    latest(memberId: number, now: number): Promise<DataExportRow | undefined> {
      return live(memberId, now).orderBy('requested_at', 'desc').executeTakeFirst();
    },

    /** One in preparation at a time: asking again while it is prepared answers the same one. */
    async request(memberId: number, now: number): Promise<DataExportRow> {
      return db.transaction().execute(async (trx) => {
        const waiting = await trx
          .selectFrom('data_exports')
          .selectAll()
          .where('member_id', '=', memberId)
          .where('state', '!=', 'ready')
          .executeTakeFirst();
        if (waiting) return waiting;
        return trx
          .insertInto('data_exports')
          .values({ id: randomBytes(16).toString('hex'), member_id: memberId, state: 'pending', requested_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    /**
     * The exports this node now builds: waiting ones, and ones whose builder went quiet before
     * `staleBefore` (its node died). Each is taken by a conditional update, so of several nodes
     * running the job at once exactly one gets it.
     */
    async claim(now: number, staleBefore: number, max: number): Promise<DataExportRow[]> {
      const candidates = await db
        .selectFrom('data_exports')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('state', '=', 'pending'),
            eb.and([eb('state', '=', 'building'), eb('claimed_at', '<', staleBefore)]),
          ]),
        )
        .orderBy('requested_at')
        .limit(max)
        .execute();
      const won: DataExportRow[] = [];
      for (const { id } of candidates) {
        const claimed = await db
          .updateTable('data_exports')
          .set({ state: 'building', claimed_at: now })
          .where('id', '=', id)
          .where((eb) =>
            eb.or([
              eb('state', '=', 'pending'),
              eb.and([eb('state', '=', 'building'), eb('claimed_at', '<', staleBefore)]),
            ]),
          )
          .returningAll()
          .executeTakeFirst();
        if (claimed) won.push(claimed);
      }
      return won;
    },

    /** Marks a built export ready; false when it vanished meanwhile (the account was erased). */
    async complete(id: string, file: string, size: number, readyAt: number, expiresAt: number): Promise<boolean> {
      const result = await db
        .updateTable('data_exports')
        .set({ state: 'ready', file, size, ready_at: readyAt, expires_at: expiresAt })
        .where('id', '=', id)
        .where('state', '=', 'building')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The member's own ready export, unexpired; anyone else's is not found. */
    downloadable(memberId: number, id: string, now: number): Promise<DataExportRow | undefined> {
      return db
        .selectFrom('data_exports')
        .selectAll()
        .where('id', '=', id)
        .where('member_id', '=', memberId)
        .where('state', '=', 'ready')
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    /** Ready exports past their time: their files go first, then the rows (`remove`). */
    expired(now: number): Promise<DataExportRow[]> {
      return db
        .selectFrom('data_exports')
        .selectAll()
        .where('state', '=', 'ready')
        .where('expires_at', '<=', now)
        .execute();
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('data_exports').where('id', '=', id).execute();
    },
  };
}

export type DataExportsRepository = ReturnType<typeof createDataExportsRepository>;
