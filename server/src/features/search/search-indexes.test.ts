import {
  CompiledQuery,
  sql,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { down, up } from '../../db/migrations/2026_11_26_000002_personas.js';
import { insertMember, insertSite, testSiteConfig } from '../../test/fixtures.js';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/test-database.js';
import type { ResolvedFilters } from './search-filters.js';
import { createSearchRepository } from './search.repository.js';

/** Keeps the SQL and parameters of every query run through it, so a test can ask the planner about them. */
class CapturedQueries implements KyselyPlugin {
  readonly queries: CompiledQuery[] = [];
  constructor(private readonly db: Db) {}
  transformQuery(args: PluginTransformQueryArgs) {
    this.queries.push(this.db.getExecutor().compileQuery(args.node, args.queryId));
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  }
}

describe.each(TEST_DIALECTS)('the search indexes on %s', (dialect) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => database.cleanup());

  /** The plan of the search's ordered read, with table scans ruled out where the engine allows it. */
  async function planOfOrderedRead(db: Db): Promise<string> {
    const capture = new CapturedQueries(db);
    const filters: ResolvedFilters = {
      gender: 'female',
      min_age: 18,
      max_age: 100,
      country: 'NL',
      countryregion: 0,
      countries: ['NL'],
    };
    await createSearchRepository(db.withPlugin(capture)).ranked(1, filters, 12, {
      excludeId: null,
      byAge: false,
    });
    const [read] = capture.queries;
    if (!read) throw new Error('The search ran no query');
    if (dialect === 'sqlite') {
      const { rows } = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${read.sql}`, [...read.parameters]),
      );
      return rows.map((row) => row.detail).join('\n');
    }
    return db.transaction().execute(async (trx) => {
      // A handful of rows would be read by a scan; the question is whether the index may serve.
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${read.sql}`, [...read.parameters]),
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it('serve the ordered search read from an index of listed, active members only', async () => {
    const siteId = await insertSite(database.db, testSiteConfig('indexes.test'), true);
    await insertMember(database.db, siteId, { gender: 'female', country: 'NL', date_of_birth: '1960-05-01' });
    expect(await planOfOrderedRead(database.db)).toContain('members_search_order');
  });

  it('migrates down and up again, every member listed', async () => {
    const untyped = database.db as unknown as Kysely<unknown>;
    await down(untyped);
    await expect(sql`select listed from members`.execute(database.db)).rejects.toThrow();
    await up(untyped);
    const rows = await database.db.selectFrom('members').select('listed').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.listed === 1)).toBe(true);
    expect(await planOfOrderedRead(database.db)).toContain('members_search_order');
  });
});
