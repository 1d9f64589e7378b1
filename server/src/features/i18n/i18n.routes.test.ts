import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/fixtures.js';
import { loadCatalogues } from '../../platform/i18n/catalogues.js';

describe('locale catalogues', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let hash: string;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    hash = loadCatalogues(t.config.localesDir).hash;
  });
  afterAll(() => t.close());

  it('serves a catalogue under its hash as immutable', async () => {
    const response = await t.app.inject(`/_i18n/${hash}/nl/messages.json`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.json().errors.title).toBeTruthy();
  });

  it('still answers a stale hash, but not cacheable', async () => {
    const response = await t.app.inject('/_i18n/000000000000/de/messages.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('refuses an unknown locale', async () => {
    const response = await t.app.inject(`/_i18n/${hash}/xx/messages.json`);
    expect(response.statusCode).toBe(404);
  });

  it('serves the pseudo locale outside production, showing keys', async () => {
    const response = await t.app.inject(`/_i18n/${hash}/pseudo/messages.json`);
    expect(response.json().errors.title).toBe('[[errors.title]]');
  });
});
