import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { autoId, dialectOf } from '../dialect.js';

/**
 * The operator console (issue 15): staff with two-factor login and their sessions, the
 * append-only audit log, and what the inbox keeps beside the members' own conversations
 * (persona sheets, claims, drafts, staff notes, snippets, per-site console settings).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const id = autoId(dialect);
  const staff = (col: ColumnDefinitionBuilder) => col.notNull().references('staff.id').onDelete('cascade');
  const member = (col: ColumnDefinitionBuilder) => col.notNull().references('members.id').onDelete('cascade');

  await db.schema
    .createTable('staff')
    .addColumn('id', 'integer', id)
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('email_normalized', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    // Encrypted (platform/staff/totp-secret.ts); null until enrolled at first login.
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enrolled_at', 'bigint')
    // How many open conversations the operator holds at most (auto-assignment by capacity).
    .addColumn('capacity', 'integer', (col) => col.notNull().defaultTo(5))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('active'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_seen_at', 'bigint')
    .execute();

  // An operator answers for the sites and the languages assigned to them.
  await db.schema
    .createTable('staff_sites')
    .addColumn('staff_id', 'integer', staff)
    .addColumn('site_id', 'integer', (col) => col.notNull().references('sites.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('staff_sites_pk', ['staff_id', 'site_id'])
    .execute();
  await db.schema
    .createTable('staff_languages')
    .addColumn('staff_id', 'integer', staff)
    .addColumn('language', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('staff_languages_pk', ['staff_id', 'language'])
    .execute();

  await db.schema
    .createTable('staff_recovery_codes')
    .addColumn('staff_id', 'integer', staff)
    // SHA-256 of the code: a copy of the table opens nothing.
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .addPrimaryKeyConstraint('staff_recovery_codes_pk', ['staff_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('staff_sessions')
    // SHA-256 of the cookie token, as for members' sessions.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('staff_id', 'integer', staff)
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    // When the two-factor code was last given in this session; null until the login is complete.
    .addColumn('totp_at', 'bigint')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('staff_sessions_staff').on('staff_sessions').column('staff_id').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', id)
    // No foreign keys: the record outlives the staff account, member or persona it names.
    .addColumn('staff_id', 'integer')
    .addColumn('staff_email', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'integer')
    .addColumn('site_id', 'integer')
    .addColumn('detail', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('audit_log_time').on('audit_log').column('created_at').execute();
  await db.schema.createIndex('audit_log_staff').on('audit_log').columns(['staff_id', 'created_at']).execute();
  await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target_type', 'target_id']).execute();
  await refuseAuditChanges(db, dialect);

  // What the operator reads while writing as a fictional profile.
  await db.schema
    .createTable('persona_sheets')
    .addColumn('member_id', 'integer', (col) => col.primaryKey().references('members.id').onDelete('cascade'))
    .addColumn('character', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('tone', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('facts', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('avoid', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_by', 'integer', (col) => col.references('staff.id').onDelete('set null'))
    .execute();

  // One row per claimed conversation: the primary key lets exactly one operator hold it.
  await db.schema
    .createTable('conversation_claims')
    .addColumn('conversation_id', 'integer', (col) =>
      col.primaryKey().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('staff_id', 'integer', staff)
    .addColumn('claimed_at', 'bigint', (col) => col.notNull())
    .addColumn('active_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('conversation_claims_staff').on('conversation_claims').column('staff_id').execute();

  await db.schema
    .createTable('console_drafts')
    .addColumn('staff_id', 'integer', staff)
    .addColumn('conversation_id', 'integer', (col) => col.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('console_drafts_pk', ['staff_id', 'conversation_id'])
    .execute();

  await db.schema
    .createTable('staff_notes')
    .addColumn('id', 'integer', id)
    .addColumn('member_id', 'integer', member)
    .addColumn('staff_id', 'integer', (col) => col.references('staff.id').onDelete('set null'))
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('staff_notes_member').on('staff_notes').columns(['member_id', 'created_at']).execute();

  await db.schema
    .createTable('snippets')
    .addColumn('id', 'integer', id)
    // site, persona or personal; the owner columns of the other levels stay null.
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('site_id', 'integer', (col) => col.references('sites.id').onDelete('cascade'))
    .addColumn('persona_id', 'integer', (col) => col.references('members.id').onDelete('cascade'))
    .addColumn('staff_id', 'integer', (col) => col.references('staff.id').onDelete('cascade'))
    .addColumn('shortcut', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('console_site_settings')
    .addColumn('site_id', 'integer', (col) => col.primaryKey().references('sites.id').onDelete('cascade'))
    .addColumn('answer_target_seconds', 'integer', (col) => col.notNull())
    .addColumn('claim_idle_seconds', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  // Which operator wrote a persona's message; never shown to the member. No foreign key: staff
  // accounts are disabled, never deleted, and SQLite cannot drop a column that has one.
  await db.schema.alterTable('messages').addColumn('written_by_staff_id', 'integer').execute();
}

/** Append-only in the database itself: no call, and no bug in one, can rewrite the record. */
async function refuseAuditChanges(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect === 'postgres') {
    await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_log is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_append_only before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
    return;
  }
  for (const event of ['update', 'delete']) {
    await sql`${sql.raw(`create trigger audit_log_no_${event} before ${event} on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('written_by_staff_id').execute();
  for (const table of [
    'console_site_settings',
    'snippets',
    'staff_notes',
    'console_drafts',
    'conversation_claims',
    'persona_sheets',
    'audit_log',
    'staff_sessions',
    'staff_recovery_codes',
    'staff_languages',
    'staff_sites',
    'staff',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  if (dialectOf(db) === 'postgres') await sql`drop function audit_log_append_only()`.execute(db);
}
