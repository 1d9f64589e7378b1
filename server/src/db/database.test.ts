import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.js';

describe('a SQLite database another process writes to as well', () => {
  let directory: string;
  let database: DatabaseHandle;
  let otherProcess: SQLite.Database;

  beforeEach(async () => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'rendezvous-db-'));
    const file = path.join(directory, 'rendezvous.db');
    database = openDatabase({ dialect: 'sqlite', file });
    await sql`create table counters (name text primary key, value integer not null)`.execute(database.db);
    await sql`insert into counters values ('claims', 0)`.execute(database.db);
    // As `npm run console:admin` opens it, but without waiting, so that a held lock shows at once.
    otherProcess = new SQLite(file);
    otherProcess.pragma('busy_timeout = 0');
  });

  afterEach(async () => {
    otherProcess.close();
    await database.destroy();
    fs.rmSync(directory, { recursive: true, force: true });
  });

  it("commits a transaction that reads, then writes, when the other process tried to write in between: the other's write waits for it", async () => {
    let othersWrite: unknown;
    await database.db.transaction().execute(async (trx) => {
      const before = await sql<{ value: number }>`select value from counters where name = 'claims'`.execute(trx);
      try {
        otherProcess.prepare(`insert into counters values ('other', 1)`).run();
      } catch (error) {
        othersWrite = error;
      }
      await sql`update counters set value = ${before.rows[0]!.value + 1} where name = 'claims'`.execute(trx);
    });

    expect(othersWrite).toMatchObject({ code: 'SQLITE_BUSY' });
    const rows = otherProcess.prepare('select name, value from counters order by name').all();
    expect(rows).toEqual([{ name: 'claims', value: 1 }]);
  });
});
