import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  PROFILE_IMAGE_ERRORS,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_MAX_COUNT,
  PROFILE_THUMB_FORMATS,
  PROFILE_THUMB_WIDTHS_PX,
  profileThumbVariant,
  type ErrorBody,
  type User,
} from '@rendezvous/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMediaName } from '../../lib/media-store.js';
import { browserHeaders, createTestApp, insertMember, TEST_PASSWORD } from '../../test/fixtures.js';
import { searchRank } from '../../db/search-rank.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { MAIN_MAX_EDGE_PX, THUMB_EDGE_PX } from '../../platform/profile-images/image-encoding.js';

interface FilePart {
  data: Buffer;
  filename?: string;
  type?: string;
  field?: string;
}

/** A real multipart body, as a browser's FormData would send it. */
async function multipart(parts: FilePart[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const part of parts) {
    form.append(
      part.field ?? 'file',
      new Blob([part.data], { type: part.type ?? 'image/jpeg' }),
      part.filename ?? 'photo.jpg',
    );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

/** Noise, so the PNG stays large (over the app's 1 MB JSON body limit) and cannot be compressed away. */
function noisePng(width: number, height: number) {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

function plainJpeg(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#3060c0' } })
    .jpeg()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 1-bit PNG of 30000×30000 in about 100 kB: decoded it would take 2.7 GB as RGB. */
function decompressionBomb() {
  const edge = 30_000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(edge, 0);
  header.writeUInt32BE(edge, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(edge / 8)) * edge);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe.each(TEST_DIALECTS)('profile images on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let mediaDir: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    mediaDir = path.join(t.config.dataDir, 'media');
  });
  afterAll(async () => {
    await t.close();
  });

  async function newMember() {
    const email = `photos-${Math.random().toString(36).slice(2)}@example.test`;
    const id = await insertMember(t.database.db, t.siteId, { email });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login.php',
      headers: browserHeaders(),
      payload: { email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    // Whatever cookies a browser would keep after logging in (the session's name is the accounts feature's).
    const cookies = Object.fromEntries(login.cookies.map((cookie) => [cookie.name, cookie.value]));
    return { id, cookies };
  }

  async function upload(
    cookies: Record<string, string>,
    body: { payload: Buffer; contentType: string },
    headers: Record<string, string> = browserHeaders(cookies),
  ) {
    return t.app.inject({
      method: 'POST',
      url: '/api/profileimage.php',
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  }

  const rowsOf = (memberId: number) =>
    t.database.db
      .selectFrom('member_images')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('position')
      .execute();
  const mainImageOf = async (memberId: number) =>
    (
      await t.database.db
        .selectFrom('members')
        .select('main_image_id')
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow()
    ).main_image_id;
  const rankOf = async (memberId: number) => {
    const row = await t.database.db
      .selectFrom('members')
      .select(['search_rank', 'last_active_at'])
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    return { rank: row.search_rank, withPhoto: searchRank(true, row.last_active_at) };
  };
  const mediaFiles = () => (fs.existsSync(mediaDir) ? fs.readdirSync(mediaDir).sort() : []);

  function expectRefused(response: { statusCode: number; json(): unknown }, status: number, reason: string) {
    expect(response.statusCode).toBe(status);
    const { error } = response.json() as ErrorBody;
    expect(error.fields).toEqual({ file: reason });
    expect(error.message.length).toBeGreaterThan(10);
    return error;
  }

  it('stores a PNG and a JPEG as re-encoded JPEGs, and makes only the first the main image', async () => {
    const member = await newMember();
    const png = await noisePng(1600, 1000);
    expect(png.length).toBeGreaterThan(1024 * 1024);

    const first = await upload(
      member.cookies,
      await multipart([{ data: png, filename: 'holiday.png', type: 'image/png' }]),
    );
    expect(first.statusCode).toBe(200);
    const afterFirst = first.json() as User;
    const rows = await rowsOf(member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ position: 0 });
    expect(afterFirst.profile.images).toEqual([
      { id: rows[0]!.id, filename: rows[0]!.filename, thumb_filename: rows[0]!.thumb_filename },
    ]);
    expect(afterFirst.profile.main_image?.id).toBe(rows[0]!.id);
    expect(await mainImageOf(member.id)).toBe(rows[0]!.id);
    // A first photo moves the member up the search order straight away.
    const ranked = await rankOf(member.id);
    expect(ranked.rank).toBe(ranked.withPhoto);

    const main = await sharp(path.join(mediaDir, rows[0]!.filename)).metadata();
    expect(main).toMatchObject({ format: 'jpeg', width: MAIN_MAX_EDGE_PX, height: 750 });
    const thumb = await sharp(path.join(mediaDir, rows[0]!.thumb_filename)).metadata();
    expect(thumb).toMatchObject({ format: 'jpeg', width: THUMB_EDGE_PX, height: THUMB_EDGE_PX });

    // Small photos are not enlarged; the name and declared type of the part play no part.
    const jpeg = await plainJpeg(800, 600);
    const second = await upload(
      member.cookies,
      await multipart([{ data: jpeg, filename: 'x.bin', type: 'text/plain' }]),
    );
    expect(second.statusCode).toBe(200);
    const afterSecond = second.json() as User;
    const both = await rowsOf(member.id);
    expect(both.map((row) => row.position)).toEqual([0, 1]);
    expect(afterSecond.profile.images.map((image) => image.id)).toEqual(both.map((row) => row.id));
    expect(afterSecond.profile.main_image?.id).toBe(rows[0]!.id);
    expect(await mainImageOf(member.id)).toBe(rows[0]!.id);

    expect(await sharp(path.join(mediaDir, both[1]!.filename)).metadata()).toMatchObject({
      format: 'jpeg',
      width: 800,
      height: 600,
    });
    expect(await sharp(path.join(mediaDir, both[1]!.thumb_filename)).metadata()).toMatchObject({
      width: THUMB_EDGE_PX,
      height: THUMB_EDGE_PX,
    });
    for (const row of both) {
      expect(isMediaName(row.filename) && isMediaName(row.thumb_filename)).toBe(true);
      expect(row.filename).toMatch(/\.jpg$/);
    }
    // No temp files are left behind.
    expect(mediaFiles().filter((name) => !isMediaName(name))).toEqual([]);
  });

  it('turns the photo upright and keeps none of its EXIF (GPS, camera, orientation)', async () => {
    const member = await newMember();
    // Stored sideways: left half red, right half blue, with orientation 6 (display rotated 90° clockwise).
    const width = 400;
    const height = 200;
    const pixels = Buffer.alloc(width * height * 3);
    for (let i = 0; i < width * height; i += 1) pixels.set(i % width < width / 2 ? [220, 0, 0] : [0, 0, 220], i * 3);
    const input = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'RendezvousCam', Model: 'Test' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 53/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const inputMetadata = await sharp(input).metadata();
    expect(inputMetadata.orientation).toBe(6);
    expect(inputMetadata.exif?.toString('latin1')).toContain('RendezvousCam');

    const response = await upload(member.cookies, await multipart([{ data: input }]));
    expect(response.statusCode).toBe(200);
    const [row] = await rowsOf(member.id);

    for (const name of [row!.filename, row!.thumb_filename]) {
      const bytes = fs.readFileSync(path.join(mediaDir, name));
      const metadata = await sharp(bytes).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.iptc).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(bytes.includes('RendezvousCam')).toBe(false);
    }
    const main = sharp(path.join(mediaDir, row!.filename));
    expect(await main.metadata()).toMatchObject({ width: 200, height: 400 });
    const pixel = async (top: number) => [
      ...(await main.clone().extract({ left: 100, top, width: 1, height: 1 }).raw().toBuffer()),
    ];
    // Upright: the stored left (red) is now the top, the right (blue) the bottom.
    const [topRed, , topBlue] = await pixel(20);
    expect(topRed).toBeGreaterThan(180);
    expect(topBlue).toBeLessThan(60);
    const [bottomRed, , bottomBlue] = await pixel(380);
    expect(bottomRed).toBeLessThan(60);
    expect(bottomBlue).toBeGreaterThan(180);
  });

  it('serves an uploaded photo under /media/, cached for a minute (features/media)', async () => {
    const member = await newMember();
    await upload(member.cookies, await multipart([{ data: await plainJpeg(300, 300) }]));
    const [row] = await rowsOf(member.id);

    const response = await t.app.inject({ url: `/media/${row!.filename}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.rawPayload.equals(fs.readFileSync(path.join(mediaDir, row!.filename)))).toBe(true);
  });

  it('makes AVIF and WebP copies of the thumbnail at each card width, serves them, and removes them with the photo', async () => {
    const member = await newMember();
    await upload(member.cookies, await multipart([{ data: await plainJpeg(800, 600) }]));
    const [row] = await rowsOf(member.id);
    const thumb = row!.thumb_filename;

    for (const width of PROFILE_THUMB_WIDTHS_PX) {
      for (const [format, type] of [
        ['avif', 'image/avif'],
        ['webp', 'image/webp'],
      ] as const) {
        const name = profileThumbVariant(thumb, width, format);
        const stored = await sharp(path.join(mediaDir, name)).metadata();
        expect(stored, name).toMatchObject({ format: format === 'avif' ? 'heif' : 'webp', width, height: width });
        const response = await t.app.inject({ url: `/media/${name}` });
        expect(response.statusCode, name).toBe(200);
        expect(response.headers['content-type'], name).toBe(type);
        expect(response.headers['cache-control'], name).toBe('public, max-age=60');
      }
    }
    // Smaller than the JPEG they stand in for, or there would be no point.
    const jpegBytes = fs.statSync(path.join(mediaDir, thumb)).size;
    expect(fs.statSync(path.join(mediaDir, profileThumbVariant(thumb, 320, 'avif'))).size).toBeLessThan(jpegBytes);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/profileimage.php',
      headers: browserHeaders(member.cookies),
      payload: { id: row!.id },
    });
    expect(removed.statusCode).toBe(200);
    expect(mediaFiles().filter((name) => name.startsWith(thumb.replace(/\.jpg$/, '')))).toEqual([]);
  });

  describe('refuses', () => {
    let member: Awaited<ReturnType<typeof newMember>>;
    let filesBefore: string[];

    beforeAll(async () => {
      member = await newMember();
      filesBefore = mediaFiles();
    });

    it('a text file that calls itself photo.jpg', async () => {
      const body = await multipart([
        { data: Buffer.from('not a photo at all\n'), filename: 'photo.jpg', type: 'image/jpeg' },
      ]);
      expectRefused(await upload(member.cookies, body), 400, PROFILE_IMAGE_ERRORS.type);
    });

    it('a GIF, which is an image but not one we take', async () => {
      const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: 'red' } })
        .gif()
        .toBuffer();
      const body = await multipart([{ data: gif, filename: 'photo.gif', type: 'image/gif' }]);
      expectRefused(await upload(member.cookies, body), 400, PROFILE_IMAGE_ERRORS.type);
    });

    it('a JPEG that stops halfway', async () => {
      const jpeg = await sharp(randomBytes(600 * 400 * 3), { raw: { width: 600, height: 400, channels: 3 } })
        .jpeg()
        .toBuffer();
      const body = await multipart([{ data: jpeg.subarray(0, Math.floor(jpeg.length / 2)) }]);
      expectRefused(await upload(member.cookies, body), 400, PROFILE_IMAGE_ERRORS.unreadable);
    });

    it('a decompression bomb', async () => {
      const bomb = decompressionBomb();
      expect(bomb.length).toBeLessThan(200_000);
      const body = await multipart([{ data: bomb, filename: 'bomb.png', type: 'image/png' }]);
      const error = expectRefused(await upload(member.cookies, body), 400, PROFILE_IMAGE_ERRORS.tooManyPixels);
      expect(error.message).toContain('megapixels');
    });

    it('a file over the size limit, with 413', async () => {
      const big = Buffer.concat([await plainJpeg(100, 100), randomBytes(PROFILE_IMAGE_MAX_BYTES)]);
      const error = expectRefused(
        await upload(member.cookies, await multipart([{ data: big }])),
        413,
        PROFILE_IMAGE_ERRORS.tooLarge,
      );
      expect(error.code).toBe('payload_too_large');
      expect(error.message).toContain('10 MB');
    });

    it('a request without a file, or with the file under another name', async () => {
      expectRefused(
        await upload(member.cookies, await multipart([], { name: 'x' })),
        400,
        PROFILE_IMAGE_ERRORS.required,
      );
      const empty = await multipart([{ data: Buffer.alloc(0) }]);
      expectRefused(await upload(member.cookies, empty), 400, PROFILE_IMAGE_ERRORS.required);
      const misnamed = await multipart([{ data: await plainJpeg(50, 50), field: 'photo' }]);
      expectRefused(await upload(member.cookies, misnamed), 400, PROFILE_IMAGE_ERRORS.required);
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/profileimage.php',
        headers: browserHeaders(member.cookies),
        payload: { file: 'data:image/png;base64,AAAA' },
      });
      expectRefused(json, 400, PROFILE_IMAGE_ERRORS.required);
    });

    it('a logged-out visitor (403), and a request without the CSRF header (403)', async () => {
      const body = await multipart([{ data: await plainJpeg(50, 50) }]);
      const loggedOut = await upload({}, body);
      expect(loggedOut.statusCode).toBe(403);
      expect((loggedOut.json() as ErrorBody).error.code).toBe('not_logged_in');

      const { cookie } = browserHeaders(member.cookies);
      const forged = await upload(member.cookies, body, { cookie });
      expect(forged.statusCode).toBe(403);
      expect((forged.json() as ErrorBody).error.code).toBe('csrf_failed');
    });

    it('and stores nothing for any of them', async () => {
      expect(await rowsOf(member.id)).toEqual([]);
      expect(await mainImageOf(member.id)).toBeNull();
      expect(mediaFiles()).toEqual(filesBefore);
    });
  });

  it(`refuses a photo beyond ${PROFILE_IMAGE_MAX_COUNT}, also when uploads race`, async () => {
    const member = await newMember();
    await t.database.db
      .insertInto('member_images')
      .values(
        Array.from({ length: PROFILE_IMAGE_MAX_COUNT - 1 }, (_, position) => ({
          member_id: member.id,
          filename: `${randomBytes(16).toString('hex')}.jpg`,
          thumb_filename: `${randomBytes(16).toString('hex')}.jpg`,
          position,
          created_at: Date.now(),
        })),
      )
      .execute();
    const filesBefore = mediaFiles().length;
    const body = await multipart([{ data: await plainJpeg(64, 64) }]);

    const responses = await Promise.all([1, 2, 3].map(() => upload(member.cookies, body)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400, 400]);
    for (const refused of responses.filter((response) => response.statusCode === 400)) {
      expectRefused(refused, 400, PROFILE_IMAGE_ERRORS.tooMany);
    }
    const rows = await rowsOf(member.id);
    expect(rows).toHaveLength(PROFILE_IMAGE_MAX_COUNT);
    expect(rows.at(-1)!.position).toBe(PROFILE_IMAGE_MAX_COUNT - 1);
    // The refused racers' files were removed again: only the winner's photo, thumbnail and its copies remain.
    expect(mediaFiles().length).toBe(filesBefore + 2 + PROFILE_THUMB_WIDTHS_PX.length * PROFILE_THUMB_FORMATS.length);
  });

  it("changes only the uploader's images and main image, never another member's", async () => {
    const a = await newMember();
    const b = await newMember();
    expect((await upload(b.cookies, await multipart([{ data: await plainJpeg(120, 90) }]))).statusCode).toBe(200);
    const bRows = await rowsOf(b.id);
    const bMain = await mainImageOf(b.id);

    const response = await upload(a.cookies, await multipart([{ data: await plainJpeg(90, 120) }]));
    expect(response.statusCode).toBe(200);
    const user = response.json() as User;
    const aRows = await rowsOf(a.id);
    expect(aRows).toHaveLength(1);
    expect(user.profile.id).toBe(a.id);
    expect(user.profile.images.map((image) => image.id)).toEqual([aRows[0]!.id]);
    expect(await mainImageOf(a.id)).toBe(aRows[0]!.id);

    expect(await rowsOf(b.id)).toEqual(bRows);
    expect(await mainImageOf(b.id)).toBe(bMain);
  });
});
