import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { DialectName } from './dialect.js';
import { OwnSchemaPostgresDialect } from './own-schema-introspector.js';
import { preparedName } from './prepared-statements.js';
import type { Database } from './schema.js';

// Times are epoch milliseconds in bigint columns; they fit a JS number, so read them as one.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type Db = Kysely<Database>;
export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  destroy(): Promise<void>;
}

export function openDatabase(config: Config['database'], options: { schema?: string } = {}): DatabaseHandle {
  if (config.dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // A connection that dies while checked out but between queries (a job's advisory lock held on
    // it, PostgreSQL restarted or the backend terminated) reports on the client, where an error
    // without a listener would end the process. Its next query fails instead, and the pool drops it.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      runPreparedByName(client);
    });
    const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  if (config.file !== ':memory:') fs.mkdirSync(path.dirname(config.file), { recursive: true });
  const sqlite = new SQLite(config.file);
  // WAL lets readers go on while one writer commits; NORMAL sync is safe under WAL.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Reading pages straight from the OS page cache saves a copy per page: about a fifth of a
  // search's card reads at a million profiles. Only address space; the OS decides what stays.
  sqlite.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
  const db = new Kysely<Database>({ dialect: new WriteLockingSqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

/**
 * The server's transactions are serialised on its one connection, but another process may write
 * to the same file (`npm run console:admin`, the seed). A transaction begun with SQLite's default
 * `begin` reads from a snapshot and takes the write lock only at its first write; if that process
 * committed in between, the write fails at once with SQLITE_BUSY, whatever the busy timeout (a
 * moderator's "take" failed so under the browser suite). `begin immediate` takes the write lock
 * first, waiting up to the busy timeout for the other writer to finish.
 */
class WriteLockingSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new WriteLockingSqliteDriver(this.#config);
  }
}

class WriteLockingSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

const SQLITE_MMAP_BYTES = 1024 * 1024 * 1024;

/**
 * Kysely hands pg each query as text and values; a text registered in prepared-statements.ts
 * goes on as a named statement instead, which PostgreSQL parses and plans once per connection.
 */
function runPreparedByName(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  Object.assign(client, {
    query: (text: unknown, ...rest: unknown[]) => {
      const name = typeof text === 'string' ? preparedName(text) : undefined;
      return name ? query({ name, text, values: rest[0] }, ...rest.slice(1)) : query(text, ...rest);
    },
  });
}

/** Distinct SQL texts kept prepared: every query the app writes, with room for `in (…)` lists. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely prepares every query again, which costs more than running a small one. The same SQL
 * text gets the same statement back instead. A statement runs to completion before the next
 * (better-sqlite3 is synchronous and Kysely holds one connection), so sharing one is safe.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) {
        // Re-inserted so that the map's order is least recently used first.
        statements.delete(text);
      } else {
        statement = sqlite.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(text, statement);
      return statement;
    },
  };
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
