import fs from 'node:fs';
import path from 'node:path';
import { CONSOLE_MEMBERS_PATH, DATA_EXPORT_PATH, type MessagesResponse } from '@rendezvous/contract';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserHeaders,
  createTestAppWithMail,
  sessionCookies,
  TEST_PASSWORD,
  type TestAppWithMail,
} from '../../test/fixtures.js';
import { memberWithFootprint, type MemberFootprint } from '../../test/member-footprint.js';
import { insertStaff, staffCookies } from '../../test/staff-fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

/**
 * Every row of every table (read from the database's own catalogue, so a table added later is
 * searched too) whose text holds one of the needles, as `table: row`.
 */
async function rowsHolding(db: Kysely<unknown>, needles: string[]): Promise<string[]> {
  const lowered = needles.map((needle) => needle.toLowerCase());
  const hits: string[] = [];
  for (const table of await db.introspection.getTables()) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(db);
    for (const row of rows.rows) {
      const text = JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value));
      if (lowered.some((needle) => text.toLowerCase().includes(needle))) hits.push(`${table.name}: ${text}`);
    }
  }
  return hits;
}

describe.each(TEST_DIALECTS)('erasing an account on %s', (dialect) => {
  let t: TestAppWithMail;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestAppWithMail(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.database.db;
  const mediaFiles = () => fs.readdirSync(path.join(t.config.dataDir, 'media'));

  async function leaver(): Promise<MemberFootprint & { exportFile: string }> {
    counter += 1;
    const member = await memberWithFootprint(db(), t.siteId, t.config.dataDir, {
      email: `Zephyrine.Quill${counter}@Example.test`,
      name: `Zephyrine Quillfeather${counter}`,
    });
    // An export ready to download: its zip holds everything too.
    await t.app.inject({ method: 'POST', url: DATA_EXPORT_PATH, headers: browserHeaders(member.cookies), payload: {} });
    await t.app.dataExports.settled();
    const { file } = await db()
      .selectFrom('data_exports')
      .select('file')
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    return { ...member, exportFile: file! };
  }

  it('leaves no row or file with their address, name or photos, on the member’s own deletion', async () => {
    const member = await leaver();
    expect(await rowsHolding(db() as unknown as Kysely<unknown>, [member.email])).not.toEqual([]);
    expect(mediaFiles()).toContain(member.exportFile);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account_delete.php',
      headers: browserHeaders(member.cookies),
      payload: { password: TEST_PASSWORD },
    });
    expect(response.statusCode, response.body).toBe(200);

    const needles = [member.email, member.name, 'Zephyrine', ...member.photos.map((photo) => photo.name)];
    expect(await rowsHolding(db() as unknown as Kysely<unknown>, needles)).toEqual([]);
    const files = mediaFiles();
    for (const name of [...member.photos.map((photo) => photo.name), member.exportFile]) {
      expect(files).not.toContain(name);
    }

    // The other member keeps the conversation; the text of what was sent to them is erased.
    const other = await t.app.inject({
      url: `/api/messages.php?conversation=${member.conversationId}`,
      headers: browserHeaders(await sessionCookies(db(), member.otherId)),
    });
    expect(other.statusCode, other.body).toBe(200);
    const { messages, profile } = other.json<MessagesResponse>();
    expect(profile.available).toBe(false);
    expect(messages.map((message) => [message.from, message.body, message.erased ?? false])).toEqual([
      [member.id, '', true],
      [member.otherId, member.receivedBody, false],
    ]);

    // The books keep the order and the ledger, with nothing that names the buyer.
    const order = await db()
      .selectFrom('orders')
      .select(['gross', 'vat', 'country', 'state', 'mandate', 'return_to'])
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ gross: 995, vat: 173, country: 'NL', state: 'paid', mandate: null, return_to: null });
    expect(
      await db().selectFrom('credit_ledger').select('delta').where('member_id', '=', member.id).execute(),
    ).toHaveLength(2);
    for (const table of [
      'likes',
      'blocks',
      'notifications',
      'push_subscriptions',
      'sessions',
      'member_images',
    ] as const) {
      const left = await db().selectFrom(table).selectAll().where('member_id', '=', member.id).execute();
      expect(left, table).toEqual([]);
    }
  });

  it('erases the same way when staff delete the account on the member’s request', async () => {
    const member = await leaver();
    const staff = await staffCookies(db(), await insertStaff(db(), { role: 'supervisor' }));
    const response = await t.app.inject({
      method: 'POST',
      url: `${CONSOLE_MEMBERS_PATH}/${member.id}/delete`,
      headers: browserHeaders(staff),
      payload: {},
    });
    expect(response.statusCode, response.body).toBe(200);

    const needles = [member.email, member.name, ...member.photos.map((photo) => photo.name)];
    expect(await rowsHolding(db() as unknown as Kysely<unknown>, needles)).toEqual([]);
    expect(mediaFiles()).not.toContain(member.exportFile);
  });
});
