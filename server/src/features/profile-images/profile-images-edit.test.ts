import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ErrorBody, User } from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserHeaders, createTestApp, insertMember, TEST_PASSWORD } from '../../test/fixtures.js';
import { searchRank } from '../../db/search-rank.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

describe.each(TEST_DIALECTS)('removing photos and choosing the main one on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let mediaDir: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    mediaDir = path.join(t.config.dataDir, 'media');
  });
  afterAll(async () => {
    await t.close();
  });

  const mediaName = () => `${randomBytes(16).toString('hex')}.jpg`;

  /** A logged-in member with `count` photos on disk, the first of them the main one. */
  async function memberWithPhotos(count: number) {
    const email = `photos-${randomBytes(6).toString('hex')}@example.test`;
    const id = await insertMember(t.database.db, t.siteId, { email });
    const rows = [];
    for (let position = 0; position < count; position += 1) {
      const files = { filename: mediaName(), thumb_filename: mediaName() };
      for (const name of Object.values(files)) fs.writeFileSync(path.join(mediaDir, name), 'jpeg');
      rows.push(
        await t.database.db
          .insertInto('member_images')
          .values({ member_id: id, ...files, position, created_at: Date.now() })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    }
    if (rows[0]) {
      await t.database.db.updateTable('members').set({ main_image_id: rows[0].id }).where('id', '=', id).execute();
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login.php',
      headers: browserHeaders(),
      payload: { email, password: TEST_PASSWORD },
    });
    // Whatever cookies a browser keeps after logging in (the session's name is the accounts feature's).
    const session = Object.fromEntries(login.cookies.map((cookie) => [cookie.name, cookie.value]));
    return { id, rows, session };
  }

  type Cookies = Record<string, string>;
  const call = (method: 'DELETE' | 'PUT', session: Cookies | null, payload: object) =>
    t.app.inject({ method, url: '/api/profileimage.php', headers: browserHeaders(session ?? {}), payload });
  const remove = (session: Cookies | null, payload: object) => call('DELETE', session, payload);
  const choose = (session: Cookies | null, payload: object) => call('PUT', session, payload);

  const imageIdsOf = async (memberId: number) =>
    (
      await t.database.db
        .selectFrom('member_images')
        .select('id')
        .where('member_id', '=', memberId)
        .orderBy('position')
        .execute()
    ).map((row) => row.id);
  const mainImageOf = async (memberId: number) =>
    (
      await t.database.db
        .selectFrom('members')
        .select('main_image_id')
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow()
    ).main_image_id;
  const onDisk = (name: string) => fs.existsSync(path.join(mediaDir, name));

  it('removes a photo that is not the main one, with both its files', async () => {
    const { id, rows, session } = await memberWithPhotos(3);
    const response = await remove(session, { id: rows[1]!.id });
    expect(response.statusCode).toBe(200);
    const user = response.json() as User;
    expect(user.profile.images.map((image) => image.id)).toEqual([rows[0]!.id, rows[2]!.id]);
    expect(user.profile.main_image?.id).toBe(rows[0]!.id);
    expect(await imageIdsOf(id)).toEqual([rows[0]!.id, rows[2]!.id]);
    expect(onDisk(rows[1]!.filename) || onDisk(rows[1]!.thumb_filename)).toBe(false);
    expect(onDisk(rows[0]!.filename) && onDisk(rows[2]!.thumb_filename)).toBe(true);
  });

  it('lets the next photo take over when the main one is removed, and none when the last one goes', async () => {
    const { id, rows, session } = await memberWithPhotos(2);
    const first = await remove(session, { id: rows[0]!.id });
    expect(first.statusCode).toBe(200);
    expect((first.json() as User).profile.main_image?.id).toBe(rows[1]!.id);
    expect(await mainImageOf(id)).toBe(rows[1]!.id);

    const last = await remove(session, { id: rows[1]!.id });
    expect(last.statusCode).toBe(200);
    expect((last.json() as User).profile).toMatchObject({ images: [], main_image: null });
    expect(await mainImageOf(id)).toBeNull();
    // Without a photo the member drops below everyone with one in the search order.
    const member = await t.database.db
      .selectFrom('members')
      .select(['search_rank', 'last_active_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(member.search_rank).toBe(searchRank(false, member.last_active_at));
  });

  it('keeps a file that another row still shows (shared demo avatars)', async () => {
    const { rows, session } = await memberWithPhotos(1);
    const other = await insertMember(t.database.db, t.siteId);
    await t.database.db
      .insertInto('member_images')
      .values({
        member_id: other,
        filename: rows[0]!.filename,
        thumb_filename: mediaName(),
        position: 0,
        created_at: 1,
      })
      .execute();
    expect((await remove(session, { id: rows[0]!.id })).statusCode).toBe(200);
    expect(onDisk(rows[0]!.filename)).toBe(true);
    expect(onDisk(rows[0]!.thumb_filename)).toBe(false);
  });

  it('makes another photo the main one, keeping the order', async () => {
    const { id, rows, session } = await memberWithPhotos(3);
    const response = await choose(session, { id: rows[2]!.id, main: true });
    expect(response.statusCode).toBe(200);
    const user = response.json() as User;
    expect(user.profile.main_image).toEqual({
      id: rows[2]!.id,
      filename: rows[2]!.filename,
      thumb_filename: rows[2]!.thumb_filename,
    });
    expect(user.profile.images.map((image) => image.id)).toEqual(rows.map((row) => row.id));
    expect(await mainImageOf(id)).toBe(rows[2]!.id);
  });

  it("never removes or chooses another member's photo: 404, and nothing changes", async () => {
    const a = await memberWithPhotos(1);
    const b = await memberWithPhotos(2);

    for (const response of [
      await remove(a.session, { id: b.rows[1]!.id }),
      await choose(a.session, { id: b.rows[1]!.id, main: true }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect((response.json() as ErrorBody).error.code).toBe('not_found');
    }
    expect(await imageIdsOf(b.id)).toEqual(b.rows.map((row) => row.id));
    expect(await mainImageOf(b.id)).toBe(b.rows[0]!.id);
    expect(onDisk(b.rows[1]!.filename) && onDisk(b.rows[1]!.thumb_filename)).toBe(true);
    expect(await mainImageOf(a.id)).toBe(a.rows[0]!.id);
  });

  it('answers 404 for a photo that does not exist (any more)', async () => {
    const { rows, session } = await memberWithPhotos(1);
    expect((await remove(session, { id: rows[0]!.id })).statusCode).toBe(200);
    expect((await remove(session, { id: rows[0]!.id })).statusCode).toBe(404);
    expect((await choose(session, { id: rows[0]!.id, main: true })).statusCode).toBe(404);
  });

  it.each([
    ['DELETE', {}, 'id'],
    ['DELETE', { id: 'one' }, 'id'],
    ['DELETE', { id: -3 }, 'id'],
    ['PUT', { id: 1 }, 'main'],
    ['PUT', { id: 1, main: false }, 'main'],
    ['PUT', { id: 1.5, main: true }, 'id'],
  ] as const)('refuses %s %j with 400 naming %s', async (method, payload, field) => {
    const { session } = await memberWithPhotos(0);
    const response = await call(method, session, payload);
    expect(response.statusCode).toBe(400);
    const { error } = response.json() as ErrorBody;
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.fields ?? {})).toEqual([field]);
  });

  it('needs a session (403) and the CSRF header (403)', async () => {
    const { id, rows, session } = await memberWithPhotos(2);
    for (const response of [
      await remove(null, { id: rows[1]!.id }),
      await choose(null, { id: rows[1]!.id, main: true }),
      await remove(null, {}),
    ]) {
      expect(response.statusCode).toBe(403);
      expect((response.json() as ErrorBody).error.code).toBe('not_logged_in');
    }
    const forged = await t.app.inject({
      method: 'DELETE',
      url: '/api/profileimage.php',
      headers: { cookie: browserHeaders(session).cookie },
      payload: { id: rows[1]!.id },
    });
    expect(forged.statusCode).toBe(403);
    expect((forged.json() as ErrorBody).error.code).toBe('csrf_failed');
    expect(await imageIdsOf(id)).toEqual(rows.map((row) => row.id));
  });
});
