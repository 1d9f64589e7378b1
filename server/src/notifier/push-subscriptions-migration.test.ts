import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../db/migrations/2026_11_23_000001_conversations.js';
import { down as downModerationQueue } from '../db/migrations/2026_11_25_000002_moderation_queue.js';
import { down as downConsole } from '../db/migrations/2026_11_26_000001_console.js';
import { down as downStaffTwoFactor } from '../db/migrations/2026_11_27_000001_staff_two_factor.js';
import { down as downModerationDecisions } from '../db/migrations/2026_11_30_000001_moderation_decisions.js';
import { down as downConsoleAnswers } from '../db/migrations/2026_11_26_000003_console_answers.js';
import { down as downModerationEvidence } from '../db/migrations/2026_12_02_000001_moderation_evidence.js';
import { down as downSiteConfigHistory } from '../db/migrations/2026_12_02_000002_site_config_history.js';
import { down as downMessageClientKeys } from '../db/migrations/2026_12_03_000001_message_client_keys.js';
import { down as downMemberAdjustments } from '../db/migrations/2026_12_03_000002_member_adjustments.js';
import { insertMember, insertSite, testSiteConfig } from '../test/fixtures.js';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test/test-database.js';

describe.each(TEST_DIALECTS)('push subscriptions migration on %s', (dialect) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => database.cleanup());

  it('moves subscriptions kept on the account into the devices table', async () => {
    const untyped = database.db as unknown as Kysely<unknown>;
    // Later migrations replaced the reports table this one's down drops (the queue) or refer to
    // its conversations and staff (the console's claims and drafts, moderation decisions and
    // evidence, the sites' change history) or its messages (their client keys): undo them first.
    await downMemberAdjustments(untyped);
    await downMessageClientKeys(untyped);
    await downSiteConfigHistory(untyped);
    await downModerationEvidence(untyped);
    await downModerationDecisions(untyped);
    await downStaffTwoFactor(untyped);
    await downConsoleAnswers(untyped);
    await downConsole(untyped);
    await downModerationQueue(untyped);
    await down(untyped);
    const siteId = await insertSite(database.db, testSiteConfig('migrate.test'), true);
    const subscription = { endpoint: 'https://push.example.test/device-1', keys: { p256dh: 'p', auth: 'a' } };
    const withDevice = await insertMember(database.db, siteId, { push_subscription: JSON.stringify(subscription) });
    await insertMember(database.db, siteId, { push_subscription: 'not json' });
    await insertMember(database.db, siteId);

    await up(untyped);

    const rows = await database.db
      .selectFrom('push_subscriptions')
      .select(['member_id', 'endpoint', 'subscription'])
      .execute();
    expect(rows).toEqual([
      { member_id: withDevice, endpoint: subscription.endpoint, subscription: JSON.stringify(subscription) },
    ]);
  });
});
