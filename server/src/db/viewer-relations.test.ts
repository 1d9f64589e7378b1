import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMember, insertSite, testSiteConfig } from '../test/fixtures.js';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test/test-database.js';
import { viewerRelations } from './viewer-relations.js';

describe.each(TEST_DIALECTS)('what a viewer sees of a page of profiles on %s', (dialect) => {
  let database: TestDatabase;
  let viewer: number;
  let others: number[];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const siteId = await insertSite(database.db, testSiteConfig('localhost'), true);
    viewer = await insertMember(database.db, siteId);
    others = [];
    for (let index = 0; index < 5; index += 1) others.push(await insertMember(database.db, siteId));
    const [blockedByViewer, blockingViewer, liked, likedAndBlocked, stranger] = others as [
      number,
      number,
      number,
      number,
      number,
    ];
    const now = Date.now();
    await database.db
      .insertInto('blocks')
      .values([
        { member_id: viewer, blocked_id: blockedByViewer, created_at: now },
        { member_id: blockingViewer, blocked_id: viewer, created_at: now },
        { member_id: viewer, blocked_id: likedAndBlocked, created_at: now },
        // Between two others: nothing to do with the viewer.
        { member_id: stranger, blocked_id: liked, created_at: now },
      ])
      .execute();
    await database.db
      .insertInto('likes')
      .values([
        { member_id: viewer, profile_id: liked, created_at: now },
        { member_id: viewer, profile_id: likedAndBlocked, created_at: now },
        { member_id: stranger, profile_id: blockedByViewer, created_at: now },
      ])
      .execute();
  });
  afterAll(async () => database.cleanup());

  it('names the members blocked either way and the likes among the page, in one query', async () => {
    const [blockedByViewer, blockingViewer, liked, likedAndBlocked, stranger] = others as number[];
    const relations = await viewerRelations(database.db, viewer, [liked!, stranger!, blockedByViewer!]);
    expect(relations.blocked).toEqual(new Set([blockedByViewer, blockingViewer, likedAndBlocked]));
    // A like outside the page is not read.
    expect(relations.liked).toEqual(new Set([liked]));
  });

  it('reads the blocks for an empty page, and nothing of another viewer', async () => {
    const [blockedByViewer, blockingViewer, , likedAndBlocked, stranger] = others as number[];
    expect(await viewerRelations(database.db, viewer, [])).toEqual({
      blocked: new Set([blockedByViewer, blockingViewer, likedAndBlocked]),
      liked: new Set(),
    });
    expect(await viewerRelations(database.db, stranger!, others)).toEqual({
      blocked: new Set([others[2]]),
      liked: new Set([blockedByViewer]),
    });
  });

  // Only PostgreSQL keeps prepared statements; on SQLite there is nothing to ask, so no test rather than a skipped one.
  if (dialect === 'postgres') {
    it('runs as a statement PostgreSQL keeps prepared on the connection', async () => {
      await database.db.connection().execute(async (connection) => {
        await viewerRelations(connection, viewer, others);
        await viewerRelations(connection, viewer, others);
        const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
          connection,
        );
        expect(rows.map((row) => row.statement)).toContainEqual(expect.stringContaining('from "likes"'));
      });
    });
  }
});
