import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusChange } from '../../db/member-changes.js';
import { insertMember, insertSite, testSiteConfig } from '../../test/fixtures.js';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/test-database.js';
import { createSavedSearches } from './saved-searches.js';
import type { SavedSearch } from './search-filters.js';
import { createSearchRepository } from './search.repository.js';

const search = (overrides: Partial<SavedSearch> = {}): SavedSearch => ({
  gender: 'female',
  min_age: 36,
  max_age: 45,
  country: 'NL',
  countryregion: 0,
  ...overrides,
});

describe.each(TEST_DIALECTS)('saved searches on %s', (dialect) => {
  let database: TestDatabase;
  let siteId: number;
  // A flush interval far beyond any test: each test says when the searches are written.
  const never = { flushMs: 3_600_000 };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    siteId = await insertSite(database.db, testSiteConfig('saved.test'));
  });
  afterAll(async () => database.cleanup());

  const stored = (memberId: number) =>
    database.db
      .selectFrom('member_searches')
      .select(['gender', 'min_age', 'max_age', 'country', 'countryregion'])
      .where('member_id', '=', memberId)
      .executeTakeFirst();

  it('answers a search saved here before it is written, and writes only the latest of each member', async () => {
    const repository = createSearchRepository(database.db);
    const saved = createSavedSearches(repository, never);
    const [anna, bert] = [await insertMember(database.db, siteId), await insertMember(database.db, siteId)];

    saved.save(anna, search({ min_age: 18, max_age: 25 }));
    saved.save(anna, search({ min_age: 56, max_age: 65, countryregion: 7 }));
    saved.save(bert, search({ gender: 'male', country: 'BE' }));
    expect(await saved.get(anna)).toEqual(search({ min_age: 56, max_age: 65, countryregion: 7 }));
    expect(await stored(anna)).toBeUndefined();

    await saved.close();
    expect(await stored(anna)).toEqual(search({ min_age: 56, max_age: 65, countryregion: 7 }));
    expect(await stored(bert)).toEqual(search({ gender: 'male', country: 'BE' }));
    const fresh = createSavedSearches(repository, never);
    expect(await fresh.get(bert)).toEqual(search({ gender: 'male', country: 'BE' }));
    await fresh.close();
  });

  it('writes on its own within the flush interval, over what was stored before', async () => {
    const repository = createSearchRepository(database.db);
    const saved = createSavedSearches(repository, { flushMs: 20 });
    const member = await insertMember(database.db, siteId);
    saved.save(member, search());
    await expect.poll(() => stored(member)).toEqual(search());
    saved.save(member, search({ country: 'DE', max_age: 100 }));
    await expect.poll(() => stored(member)).toEqual(search({ country: 'DE', max_age: 100 }));
    await saved.close();
  });

  it('writes nothing for a member deleted or banned before the write', async () => {
    const repository = createSearchRepository(database.db);
    const saved = createSavedSearches(repository, never);
    const [deleted, banned, staying] = [
      await insertMember(database.db, siteId),
      await insertMember(database.db, siteId),
      await insertMember(database.db, siteId),
    ];
    for (const id of [deleted, banned, staying]) saved.save(id, search());
    await database.db.updateTable('members').set(statusChange('deleted')).where('id', '=', deleted).execute();
    await database.db.updateTable('members').set(statusChange('banned')).where('id', '=', banned).execute();

    await saved.close();
    expect(await stored(deleted)).toBeUndefined();
    expect(await stored(banned)).toBeUndefined();
    expect(await stored(staying)).toEqual(search());
  });
});
