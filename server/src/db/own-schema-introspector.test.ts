import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { openDatabase, type DatabaseHandle } from './database.js';

const postgresUrl = inject('postgresUrl');

describe.skipIf(!postgresUrl)('reading the tables of a PostgreSQL schema', () => {
  let database: TestDatabase;
  let admin: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    admin = openDatabase({ dialect: 'postgres', url: postgresUrl! });
  });
  afterAll(async () => {
    await database?.cleanup();
    await admin?.destroy();
  });

  /** A schema with a table, as another test file running beside this one has. */
  async function anotherSchema() {
    const name = `t_${randomBytes(6).toString('hex')}`;
    await sql`create schema ${sql.id(name)}`.execute(admin.db);
    await sql`create table ${sql.id(name, 'notes')} (id serial primary key)`.execute(admin.db);
    return { drop: () => sql`drop schema if exists ${sql.id(name)} cascade`.execute(admin.db) };
  }

  it('lists the tables of its own schema only, with their columns', async () => {
    const other = await anotherSchema();
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
    const tables = await database.db.introspection.getTables();
    await other.drop();
    expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([rows[0]!.schema]));
    const members = tables.find((table) => table.name === 'members');
    expect(members?.columns.find((column) => column.name === 'id')).toMatchObject({
      isAutoIncrementing: true,
      isNullable: false,
    });
    expect(members?.columns.find((column) => column.name === 'email')).toMatchObject({ dataType: 'text' });
    expect(tables.map((table) => table.name)).not.toContain('kysely_migration');
    const withMigrator = await database.db.introspection.getTables({ withInternalKyselyTables: true });
    expect(withMigrator.map((table) => table.name)).toContain('kysely_migration');
  });

  it('is not failed by another schema dropped while it reads, as another test file drops its own', async () => {
    const other = await anotherSchema();
    await database.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        // The first query fixes the rows this transaction sees, so the dropped schema stays in them:
        // what a single query sees when the drop commits while it runs, held open long enough to test.
        await sql`select 1`.execute(trx);
        await other.drop();
        const tables = await trx.introspection.getTables();
        expect(tables.map((table) => table.name)).toContain('members');
      });
  });
});
