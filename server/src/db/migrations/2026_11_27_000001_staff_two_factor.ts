import type { Kysely } from 'kysely';

/**
 * What the console's two-factor step keeps beyond the secret: the last time step accepted, so a
 * code seen over someone's shoulder opens nothing once used (RFC 6238 §5.2), and the wrong codes
 * given in a session, which ends after a few so the code cannot be guessed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('staff').addColumn('totp_last_step', 'bigint').execute();
  await db.schema
    .alterTable('staff_sessions')
    .addColumn('code_failures', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('staff_sessions').dropColumn('code_failures').execute();
  await db.schema.alterTable('staff').dropColumn('totp_last_step').execute();
}
