import { AppManifestSchema, APPLE_TOUCH_ICON_PATH, type AppManifest } from '@rendezvous/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

describe.each(TEST_DIALECTS)('the web app manifest on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  async function manifestFor(host: string): Promise<AppManifest> {
    const response = await t.app.inject({ url: '/manifest.webmanifest', headers: { host } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(String(response.headers.vary)).toMatch(/\bHost\b/);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    return AppManifestSchema.parse(response.json());
  }

  async function iconFor(host: string, src: string) {
    const response = await t.app.inject({ url: src, headers: { host } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(String(response.headers.vary)).toMatch(/\bHost\b/);
    const image = sharp(response.rawPayload);
    const [meta, stats] = await Promise.all([image.metadata(), image.stats()]);
    return { bytes: response.rawPayload, format: meta.format, width: meta.width, height: meta.height, stats };
  }

  it("names each site and colours it in its own template's colours, installable on its own", async () => {
    const classic = await manifestFor('localhost');
    const boxy = await manifestFor('boxy.localhost');
    expect(classic).toMatchObject({
      name: 'Site localhost',
      short_name: 'Site localhost',
      start_url: '/',
      display: 'standalone',
      theme_color: '#8a2846',
      background_color: '#fbf6ef',
    });
    expect(boxy).toMatchObject({ name: 'Boxy', theme_color: '#1f2a44', background_color: '#eef2f6' });
    // The id stays put across deployments, so an installed app is recognised as the same app.
    expect(classic.id).toBe('/');
    expect(boxy.id).toBe(classic.id);
    for (const manifest of [classic, boxy]) {
      expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`).sort()).toEqual([
        '192x192 any',
        '192x192 maskable',
        '512x512 any',
        '512x512 maskable',
      ]);
    }
  });

  it('serves every listed icon as a real PNG of the size it claims, drawn in the site colour', async () => {
    for (const host of ['localhost', 'boxy.localhost']) {
      const manifest = await manifestFor(host);
      for (const icon of manifest.icons) {
        const [width, height] = icon.sizes.split('x').map(Number);
        const png = await iconFor(host, icon.src);
        expect({ src: icon.src, format: png.format, width: png.width, height: png.height }).toEqual({
          src: icon.src,
          format: 'png',
          width,
          height,
        });
      }
    }
    const classic = await iconFor('localhost', '/icons/icon-192.png');
    const boxy = await iconFor('boxy.localhost', '/icons/icon-192.png');
    expect(classic.bytes.equals(boxy.bytes)).toBe(false);
    // The dominant colour is the tile: the classic brand red, the boxy navy.
    expect(classic.stats.dominant.r).toBeGreaterThan(classic.stats.dominant.b);
    expect(boxy.stats.dominant.b).toBeGreaterThan(boxy.stats.dominant.r);
  });

  it('fills a maskable icon to the corners, where the launcher cuts its own shape', async () => {
    const rounded = await sharp((await iconFor('localhost', '/icons/icon-512.png')).bytes)
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .raw()
      .toBuffer();
    const maskable = await sharp((await iconFor('localhost', '/icons/maskable-512.png')).bytes)
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .raw()
      .toBuffer();
    // RGBA: the rounded tile leaves its corner transparent, the maskable one paints it.
    expect(rounded[3]).toBe(0);
    expect(maskable[3]).toBe(255);
  });

  it('gives iOS an opaque 180 px touch icon', async () => {
    const icon = await iconFor('localhost', APPLE_TOUCH_ICON_PATH);
    expect([icon.format, icon.width, icon.height]).toEqual(['png', 180, 180]);
    expect(icon.stats.isOpaque).toBe(true);
  });
});
