import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import type { DialectName } from '../db/dialect.js';
import { migrateToLatest } from '../db/migrate.js';

/** The dialects this run covers: SQLite always, PostgreSQL when global setup reached it. */
export const TEST_DIALECTS: DialectName[] = inject('postgresUrl') ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase extends DatabaseHandle {
  dataDir: string;
  config: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };
  /** PostgreSQL: the schema of this database, for another connection pool (another node) on it. */
  schema: string | undefined;
  /** Drops the schema or deletes the file, then closes the connection. */
  cleanup(): Promise<void>;
}

/** A fresh, migrated database for one test file: a temp SQLite file or a PostgreSQL schema of its own. */
export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rv-test-'));
  if (dialect === 'sqlite') {
    const config = { dialect: 'sqlite' as const, file: path.join(dataDir, 'test.sqlite') };
    const handle = openDatabase(config);
    await migrateToLatest(handle.db);
    return {
      ...handle,
      dataDir,
      config,
      schema: undefined,
      async cleanup() {
        await handle.destroy();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  const url = inject('postgresUrl');
  if (!url) throw new Error('PostgreSQL is not available for this run');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = openDatabase({ dialect: 'postgres', url });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  const handle = openDatabase({ dialect: 'postgres', url }, { schema });
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await handle.destroy();
    await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.db);
    await admin.destroy();
    throw error;
  }
  return {
    ...handle,
    dataDir,
    config: { dialect: 'postgres', url },
    schema,
    async cleanup() {
      await handle.destroy();
      await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.db);
      await admin.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
