import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { dialectOf } from './dialect.js';
import type { Database } from './schema.js';
import * as foundation from './migrations/2026_11_21_000001_foundation.js';
import * as accounts from './migrations/2026_11_22_000001_accounts.js';
import * as search from './migrations/2026_11_22_000002_search.js';
import * as conversations from './migrations/2026_11_23_000001_conversations.js';
import * as searchVisibility from './migrations/2026_11_23_000002_search_visibility.js';
import * as memberChanges from './migrations/2026_11_24_000001_member_changes.js';
import * as mediaLookup from './migrations/2026_11_25_000001_media_lookup.js';
import * as moderationQueue from './migrations/2026_11_25_000002_moderation_queue.js';
import * as landerVisits from './migrations/2026_11_25_000003_lander_visits.js';
import * as console from './migrations/2026_11_26_000001_console.js';
import * as personas from './migrations/2026_11_26_000002_personas.js';
import * as consoleAnswers from './migrations/2026_11_26_000003_console_answers.js';
import * as staffTwoFactor from './migrations/2026_11_27_000001_staff_two_factor.js';
import * as payments from './migrations/2026_11_28_000001_payments.js';
import * as discountCodes from './migrations/2026_11_28_000002_discount_codes.js';
import * as spendingLimit from './migrations/2026_11_28_000003_spending_limit.js';
import * as premium from './migrations/2026_11_29_000001_premium.js';
import * as moderationDecisions from './migrations/2026_11_30_000001_moderation_decisions.js';
import * as moderationEvidence from './migrations/2026_12_02_000001_moderation_evidence.js';
import * as siteConfigHistory from './migrations/2026_12_02_000002_site_config_history.js';
import * as messageClientKeys from './migrations/2026_12_03_000001_message_client_keys.js';
import * as memberAdjustments from './migrations/2026_12_03_000002_member_adjustments.js';
import * as profileReview from './migrations/2026_12_04_000001_profile_review.js';
import * as dataExports from './migrations/2026_12_05_000001_data_exports.js';
import * as memberTwoFactor from './migrations/2026_12_05_000002_member_two_factor.js';
import * as hiddenFromSearch from './migrations/2026_12_05_000003_hidden_from_search.js';
import * as profileViews from './migrations/2026_12_05_000004_profile_views.js';

/** Listed by hand so the built server needs no directory scan and the order is explicit. */
const MIGRATIONS: Record<string, Migration> = {
  '2026_11_21_000001_foundation': foundation,
  '2026_11_22_000001_accounts': accounts,
  '2026_11_22_000002_search': search,
  '2026_11_23_000001_conversations': conversations,
  '2026_11_23_000002_search_visibility': searchVisibility,
  '2026_11_24_000001_member_changes': memberChanges,
  '2026_11_25_000001_media_lookup': mediaLookup,
  '2026_11_25_000002_moderation_queue': moderationQueue,
  '2026_11_25_000003_lander_visits': landerVisits,
  '2026_11_26_000001_console': console,
  '2026_11_26_000002_personas': personas,
  '2026_11_26_000003_console_answers': consoleAnswers,
  '2026_11_27_000001_staff_two_factor': staffTwoFactor,
  '2026_11_28_000001_payments': payments,
  '2026_11_28_000002_discount_codes': discountCodes,
  '2026_11_28_000003_spending_limit': spendingLimit,
  '2026_11_29_000001_premium': premium,
  '2026_11_30_000001_moderation_decisions': moderationDecisions,
  '2026_12_02_000001_moderation_evidence': moderationEvidence,
  '2026_12_02_000002_site_config_history': siteConfigHistory,
  '2026_12_03_000001_message_client_keys': messageClientKeys,
  '2026_12_03_000002_member_adjustments': memberAdjustments,
  '2026_12_04_000001_profile_review': profileReview,
  '2026_12_05_000001_data_exports': dataExports,
  '2026_12_05_000002_member_two_factor': memberTwoFactor,
  '2026_12_05_000003_hidden_from_search': hiddenFromSearch,
  '2026_12_05_000004_profile_views': profileViews,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  // Migrations see the database as it was when they were written, not today's typed schema.
  const untyped = db as unknown as Kysely<unknown>;
  // Kysely looks for its bookkeeping tables in any schema; pin them to ours so that
  // several schemas in one PostgreSQL database (tests, tenants) never see each other's.
  const migrationTableSchema =
    dialectOf(db) === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const { error, results } = await new Migrator({ db: untyped, provider, migrationTableSchema }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
