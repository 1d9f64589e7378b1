import { COMPLAINT_REFERENCE_PATTERN } from '@rendezvous/contract';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../db/migrations/2026_11_25_000002_moderation_queue.js';
import { down as downDecisions } from '../../db/migrations/2026_11_30_000001_moderation_decisions.js';
import { down as downEvidence } from '../../db/migrations/2026_12_02_000001_moderation_evidence.js';
import { insertMember, insertSite, testSiteConfig } from '../../test/fixtures.js';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/test-database.js';

describe.each(TEST_DIALECTS)('the moderation queue migration on %s', (dialect) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => database.cleanup());

  it('moves the reports filed so far into the queue, each with a reference, and back', async () => {
    const untyped = database.db as unknown as Kysely<unknown>;
    // The evidence and the decisions refer to the queue: they go first, as migrating down goes.
    await downEvidence(untyped);
    await downDecisions(untyped);
    await down(untyped);
    const siteId = await insertSite(database.db, testSiteConfig('migrate.test'), true);
    const [reporter, reported] = [await insertMember(database.db, siteId), await insertMember(database.db, siteId)];
    const conversation = await database.db
      .insertInto('conversations')
      .values({ site_id: siteId, member_low: reporter, member_high: reported, created_at: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into reports (reporter_id, reported_id, conversation_id, reason, note, status, created_at) values
      (${reporter}, ${reported}, ${conversation.id}, 'scam', 'asked for money', 'open', 1000),
      (${reporter}, ${reported}, null, 'underage', null, 'closed', 2000)`.execute(untyped);

    await up(untyped);

    const items = await database.db.selectFrom('moderation_items').selectAll().orderBy('created_at').execute();
    expect(items).toEqual([
      expect.objectContaining({
        source: 'report',
        site_id: siteId,
        subject: 'message',
        reported_member_id: reported,
        conversation_id: conversation.id,
        category: 'fraud',
        explanation: 'asked for money',
        reporter_member_id: reporter,
        status: 'open',
      }),
      expect.objectContaining({ subject: 'profile', category: 'minor', explanation: null, status: 'closed' }),
    ]);
    expect(items.map((item) => Number(item.created_at))).toEqual([1000, 2000]);
    for (const item of items) expect(item.reference).toMatch(COMPLAINT_REFERENCE_PATTERN);
    expect(new Set(items.map((item) => item.reference)).size).toBe(2);

    await down(untyped);
    const restored = await sql<{
      reason: string;
      note: string | null;
    }>`select reason, note from reports order by id`.execute(untyped);
    expect(restored.rows).toEqual([
      { reason: 'scam', note: 'asked for money' },
      { reason: 'underage', note: null },
    ]);
    await up(untyped);
  });
});
