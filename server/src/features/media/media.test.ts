import { profileThumbVariant } from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { statusChange } from '../../db/member-changes.js';
import type { MemberStatus } from '../../db/schema.js';
import { createMediaName, type MediaStore } from '../../lib/media-store.js';
import { createMediaStore } from '../../lib/media-stores.js';
import { browserHeaders, createTestApp, insertMember, sessionCookies } from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { startTestS3Server, type TestS3Server } from '../../test/test-s3-server.js';

const STORES = ['local disk', 'S3'] as const;

describe.each(TEST_DIALECTS.flatMap((dialect) => STORES.map((store) => [dialect, store] as const)))(
  'photos at /media/ on %s, stored on %s',
  (dialect, storeKind) => {
    let t: Awaited<ReturnType<typeof createTestApp>>;
    let s3: TestS3Server | undefined;
    let store: MediaStore;

    beforeAll(async () => {
      s3 = storeKind === 'S3' ? await startTestS3Server() : undefined;
      t = await createTestApp(dialect, { env: s3?.env ?? {} });
      // A store of the test's own on the same disk or bucket: what another node would write.
      store = createMediaStore(t.config.media);
    });
    afterAll(async () => {
      store.close();
      await t.close();
      await s3?.close();
    });

    /** A member with one photo (full size and thumbnail) in the store; returns their id and the two names. */
    async function memberWithPhoto(status: MemberStatus = 'active') {
      const id = await insertMember(t.database.db, t.siteId, { status });
      const [filename, thumb] = [createMediaName('jpg'), createMediaName('jpg')];
      await store.put(filename, Buffer.from('full jpeg'), 'image/jpeg');
      await store.put(thumb, Buffer.from('thumb jpeg'), 'image/jpeg');
      await t.database.db
        .insertInto('member_images')
        .values({ member_id: id, filename, thumb_filename: thumb, position: 0, created_at: Date.now() })
        .execute();
      return { id, filename, thumb };
    }
    const get = (name: string, headers: Record<string, string> = {}) =>
      t.app.inject({ url: `/media/${name}`, headers });
    const setStatus = (id: number, status: MemberStatus) =>
      t.database.db.updateTable('members').set(statusChange(status)).where('id', '=', id).execute();

    it('serves a photo for a minute, then revalidates it by ETag or date', async () => {
      const { filename, thumb } = await memberWithPhoto();
      const response = await get(filename);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('full jpeg');
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.headers['content-length']).toBe('9');
      expect(response.headers['cache-control']).toBe('public, max-age=60');
      const lastModified = String(response.headers['last-modified']);
      expect(Date.parse(lastModified)).toBeLessThanOrEqual(Date.now());
      const etag = String(response.headers.etag);
      expect(etag).toMatch(/^"[a-f0-9]{32}"$/);

      for (const headers of [{ 'if-none-match': etag }, { 'if-none-match': `"other", W/${etag}` }]) {
        const revalidated = await get(filename, headers);
        expect(revalidated.statusCode).toBe(304);
        expect(revalidated.body).toBe('');
        expect(revalidated.headers['cache-control']).toBe('public, max-age=60');
      }
      expect((await get(filename, { 'if-modified-since': lastModified })).statusCode).toBe(304);
      expect((await get(filename, { 'if-none-match': '"other"', 'if-modified-since': lastModified })).statusCode).toBe(
        200,
      );
      expect((await get(thumb)).body).toBe('thumb jpeg');
      const head = await t.app.inject({ method: 'HEAD', url: `/media/${thumb}` });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
    });

    it.each(['banned', 'deleted'] as const)(
      'answers 404 once the member is %s, revalidation included',
      async (status) => {
        const { id, filename, thumb } = await memberWithPhoto();
        const etag = String((await get(filename)).headers.etag);

        await setStatus(id, status);

        for (const response of [
          await get(filename),
          await get(thumb),
          await get(filename, { 'if-none-match': etag }),
        ]) {
          expect(response.statusCode).toBe(404);
          expect(response.json().error.code).toBe('not_found');
        }
      },
    );

    it('makes the AVIF or WebP copy of a thumbnail stored before there were copies on its first request, and keeps it', async () => {
      const id = await insertMember(t.database.db, t.siteId, {});
      const [filename, thumb] = [createMediaName('jpg'), createMediaName('jpg')];
      const jpeg = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#c86' } })
        .jpeg()
        .toBuffer();
      await store.put(filename, jpeg, 'image/jpeg');
      await store.put(thumb, jpeg, 'image/jpeg');
      await t.database.db
        .insertInto('member_images')
        .values({ member_id: id, filename, thumb_filename: thumb, position: 0, created_at: Date.now() })
        .execute();

      const name = profileThumbVariant(thumb, 160, 'avif');
      const response = await get(name);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/avif');
      expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'heif', width: 160, height: 160 });
      expect((await store.read(name))?.equals(response.rawPayload)).toBe(true);

      // Copies are of thumbnails a member owns, at the cards' widths only.
      expect((await get(profileThumbVariant(createMediaName('jpg'), 160, 'webp'))).statusCode).toBe(404);
      expect((await get(`${thumb.replace('.jpg', '')}-1000.webp`)).statusCode).toBe(404);
    });

    it("serves an unconfirmed member's photo, which they see while signing up", async () => {
      const { thumb } = await memberWithPhoto('not_confirmed');
      expect((await get(thumb)).statusCode).toBe(200);
    });

    it('answers 404 for an unknown name, a file no member owns, a row whose file is gone, and a name that is no media name', async () => {
      const orphan = createMediaName('webp');
      await store.put(orphan, Buffer.from('x'), 'image/webp');
      const { thumb } = await memberWithPhoto();
      await store.remove(thumb);
      for (const name of [createMediaName('jpg'), orphan, thumb, 'index.html', '..%2F..%2Fetc%2Fpasswd']) {
        expect((await get(name)).statusCode, name).toBe(404);
      }
    });

    it('stores an uploaded photo, serves it to another member, and hides it once its owner is banned', async () => {
      const owner = await insertMember(t.database.db, t.siteId);
      const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#3060c0' } })
        .jpeg()
        .toBuffer();
      const form = new FormData();
      form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'photo.jpg');
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      const upload = await t.app.inject({
        method: 'POST',
        url: '/api/profileimage.php',
        headers: {
          ...browserHeaders(await sessionCookies(t.database.db, owner)),
          'content-type': request.headers.get('content-type')!,
        },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      expect(upload.statusCode).toBe(200);
      const row = await t.database.db
        .selectFrom('member_images')
        .select(['filename', 'thumb_filename'])
        .where('member_id', '=', owner)
        .executeTakeFirstOrThrow();
      if (s3) expect(s3.keys()).toEqual(expect.arrayContaining([row.filename, row.thumb_filename]));

      const served = await get(row.filename);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals((await store.read(row.filename))!)).toBe(true);
      expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');

      await setStatus(owner, 'banned');
      expect((await get(row.filename)).statusCode).toBe(404);
      expect((await get(row.thumb_filename)).statusCode).toBe(404);
    });
  },
);
