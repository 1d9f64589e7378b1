import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusChange } from '../../db/member-changes.js';
import type { MemberStatus } from '../../db/schema.js';
import { createLocalMediaStore, createMediaName } from '../../lib/media-store.js';
import { createTestApp, insertMember } from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

describe.each(TEST_DIALECTS)('photos at /media/ on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  /** A member with one photo (full size and thumbnail) on disk; returns their id and the two names. */
  async function memberWithPhoto(status: MemberStatus = 'active') {
    const id = await insertMember(t.database.db, t.siteId, { status });
    const store = createLocalMediaStore(path.join(t.database.dataDir, 'media'));
    const [filename, thumb] = [createMediaName('jpg'), createMediaName('jpg')];
    await store.put(filename, Buffer.from('full jpeg'), 'image/jpeg');
    await store.put(thumb, Buffer.from('thumb jpeg'), 'image/jpeg');
    await t.database.db
      .insertInto('member_images')
      .values({ member_id: id, filename, thumb_filename: thumb, position: 0, created_at: Date.now() })
      .execute();
    return { id, filename, thumb };
  }
  const get = (name: string, headers: Record<string, string> = {}) => t.app.inject({ url: `/media/${name}`, headers });
  const setStatus = (id: number, status: MemberStatus) =>
    t.database.db.updateTable('members').set(statusChange(status)).where('id', '=', id).execute();

  it('serves a photo for a minute, then revalidates it by ETag', async () => {
    const { filename, thumb } = await memberWithPhoto();
    const response = await get(filename);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('full jpeg');
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.headers['last-modified']).toBeTruthy();
    const etag = String(response.headers.etag);
    expect((await get(filename, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get(thumb)).body).toBe('thumb jpeg');
  });

  it.each(['banned', 'deleted'] as const)(
    'answers 404 once the member is %s, revalidation included',
    async (status) => {
      const { id, filename, thumb } = await memberWithPhoto();
      const etag = String((await get(filename)).headers.etag);

      await setStatus(id, status);

      for (const response of [await get(filename), await get(thumb), await get(filename, { 'if-none-match': etag })]) {
        expect(response.statusCode).toBe(404);
        expect(response.json().error.code).toBe('not_found');
      }
    },
  );

  it("serves an unconfirmed member's photo, which they see while signing up", async () => {
    const { thumb } = await memberWithPhoto('not_confirmed');
    expect((await get(thumb)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown name, a file no member owns, and a name that is no media name', async () => {
    const orphan = createMediaName('webp');
    await createLocalMediaStore(path.join(t.database.dataDir, 'media')).put(orphan, Buffer.from('x'), 'image/webp');
    for (const name of [createMediaName('jpg'), orphan, 'index.html', '..%2F..%2Fetc%2Fpasswd']) {
      expect((await get(name)).statusCode, name).toBe(404);
    }
  });
});
