import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMember, insertSite, testSiteConfig } from '../test/fixtures.js';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test/test-database.js';
import type { Db } from './database.js';
import { precompiled } from './precompiled.js';

describe.each(TEST_DIALECTS)('precompiled queries on %s', (dialect) => {
  let database: TestDatabase;
  let ids: number[];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const siteId = await insertSite(database.db, testSiteConfig('precompiled.test'));
    ids = [];
    for (const [name, status] of [
      ['Anna', 'active'],
      ['Bert', 'active'],
      ['Cleo', 'banned'],
      ['Dirk', 'active'],
    ] as const) {
      ids.push(await insertMember(database.db, siteId, { name, status, password_hash: null }));
    }
  });
  afterAll(async () => database.cleanup());

  // A constant ('active') between two arguments, and an array argument.
  const namesAmong = precompiled((db: Db, above: number, among: readonly number[]) =>
    db
      .selectFrom('members')
      .select('name')
      .where('id', '>', above)
      .where('status', '=', 'active')
      .where('id', 'in', among)
      .orderBy('id'),
  );

  it('answers each call with its own arguments, whatever the length of an array argument', async () => {
    const [anna, bert, cleo, dirk] = ids as [number, number, number, number];
    const names = async (above: number, among: number[]) =>
      (await namesAmong(database.db, above, among)).map((row) => row.name);

    expect(await names(0, [anna, bert, cleo, dirk])).toEqual(['Anna', 'Bert', 'Dirk']);
    expect(await names(anna, [anna, bert, cleo, dirk])).toEqual(['Bert', 'Dirk']);
    expect(await names(0, [cleo, dirk])).toEqual(['Dirk']);
    expect(await names(0, [anna, bert])).toEqual(['Anna', 'Bert']);
    expect(await names(0, [bert])).toEqual(['Bert']);
    expect(await names(dirk, [anna, bert, cleo, dirk])).toEqual([]);
  });

  it('runs inside a transaction on that transaction', async () => {
    const [anna] = ids as [number];
    const seen = await database.db.transaction().execute(async (trx) => {
      await trx.updateTable('members').set({ name: 'Anneke' }).where('id', '=', anna).execute();
      const inside = await namesAmong(trx, 0, [anna]);
      await trx.updateTable('members').set({ name: 'Anna' }).where('id', '=', anna).execute();
      return inside;
    });
    expect(seen).toEqual([{ name: 'Anneke' }]);
  });
});
