import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMember, insertSite, testSiteConfig } from '../test/fixtures.js';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test/test-database.js';
import { seenChange, statusChange, watchMemberChanges } from './member-changes.js';

describe.each(TEST_DIALECTS)('watching member changes on %s', (dialect) => {
  let database: TestDatabase;
  let siteId: number;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    siteId = await insertSite(database.db, testSiteConfig('changes.test'));
  });
  afterAll(async () => database.cleanup());

  function watch() {
    const reported = new Set<number>();
    const watcher = watchMemberChanges(database.db, (ids) => ids.forEach((id) => reported.add(id)), {
      intervalMs: 20,
    });
    return { reported, stop: watcher.stop };
  }

  it('reports members changed on any node since it began, and not those changed long before', async () => {
    const [old, edited, banned, untouched] = [
      await insertMember(database.db, siteId, { ...seenChange(Date.now() - 60_000) }),
      await insertMember(database.db, siteId),
      await insertMember(database.db, siteId),
      await insertMember(database.db, siteId),
    ];
    const { reported, stop } = watch();
    try {
      await database.db
        .updateTable('members')
        .set({ city: 'Delft', ...seenChange() })
        .where('id', '=', edited)
        .execute();
      await database.db.updateTable('members').set(statusChange('banned')).where('id', '=', banned).execute();
      await expect.poll(() => reported.has(edited) && reported.has(banned)).toBe(true);
      expect(reported.has(old)).toBe(false);
      expect(reported.has(untouched)).toBe(false);
    } finally {
      stop();
    }
  });

  it('still sees changes stamped by a right clock after one stamped by a clock running ahead', async () => {
    const [ahead, later] = [await insertMember(database.db, siteId), await insertMember(database.db, siteId)];
    const { reported, stop } = watch();
    try {
      await database.db
        .updateTable('members')
        .set(seenChange(Date.now() + 5 * 60_000))
        .where('id', '=', ahead)
        .execute();
      await expect.poll(() => reported.has(ahead)).toBe(true);
      await database.db.updateTable('members').set(seenChange()).where('id', '=', later).execute();
      await expect.poll(() => reported.has(later)).toBe(true);
    } finally {
      stop();
    }
  });
});
