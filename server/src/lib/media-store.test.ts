import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../test/test-s3-server.js';
import { createLocalMediaStore, createMediaName, isMediaName, type MediaStore } from './media-store.js';
import { createMediaStore } from './media-stores.js';

describe('local media store', () => {
  let root: string;
  let dir: string;

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'rv-media-'));
    dir = path.join(root, 'data', 'media');
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('makes unguessable names of the accepted shape', () => {
    const names = new Set(Array.from({ length: 100 }, () => createMediaName('jpg')));
    expect(names.size).toBe(100);
    for (const name of names) expect(name).toMatch(/^[a-f0-9]{32}\.jpg$/);
    expect(isMediaName(createMediaName('webp'))).toBe(true);
  });

  it('creates the directory, writes the file whole and leaves no temp file', async () => {
    const store = createLocalMediaStore(dir);
    expect(fs.readdirSync(dir)).toEqual([]);
    fs.rmSync(dir, { recursive: true });
    const name = createMediaName('jpg');
    const data = Buffer.from('jpeg bytes');
    await store.put(name, data, 'image/jpeg');
    expect(fs.readFileSync(path.join(dir, name))).toEqual(data);
    expect(fs.readdirSync(dir)).toEqual([name]);
  });

  it('removes a file, and removing it twice is fine', async () => {
    const store = createLocalMediaStore(dir);
    const name = createMediaName('webp');
    await store.put(name, Buffer.from('x'), 'image/webp');
    await store.remove(name);
    await store.remove(name);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it.each([
    '../escape.jpg',
    '/etc/passwd',
    'a'.repeat(32) + '.png',
    'A'.repeat(32) + '.jpg',
    'a'.repeat(31) + '.jpg',
    'a'.repeat(32) + '.jpg/../x',
    'a'.repeat(32) + '.jpg\n',
    '.tmp',
  ])('refuses the name %j for put and remove', async (name) => {
    const store = createLocalMediaStore(dir);
    await expect(store.put(name, Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/Not a media name/);
    await expect(store.remove(name)).rejects.toThrow(/Not a media name/);
    expect(fs.existsSync(path.join(root, 'data', 'escape.jpg'))).toBe(false);
  });

  it('removes its temp file when the write fails', async () => {
    // A directory where the file should go makes the rename fail after the temp file was written.
    const name = createMediaName('jpg');
    fs.mkdirSync(path.join(dir, name, 'occupied'), { recursive: true });
    const store = createLocalMediaStore(dir);
    await expect(store.put(name, Buffer.from('x'), 'image/jpeg')).rejects.toThrow();
    expect(fs.readdirSync(dir)).toEqual([name]);
  });
});

describe.each(['local disk', 'S3'] as const)('a media store on %s', (kind) => {
  let s3: TestS3Server | undefined;
  let root: string;
  let store: MediaStore;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'rv-media-'));
    s3 = kind === 'S3' ? await startTestS3Server() : undefined;
    store = createMediaStore({ dir: path.join(root, 'media'), s3: s3?.config });
  });
  afterAll(async () => {
    store.close();
    await s3?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('gives back what was put, whole or as a stream with its size, until it is removed', async () => {
    const name = createMediaName('webp');
    const data = Buffer.from('webp bytes');
    await store.put(name, data, 'image/webp');
    expect(await store.read(name)).toEqual(data);
    const file = await store.open(name);
    expect(file?.size).toBe(data.length);
    expect(Buffer.concat(await file!.body.toArray())).toEqual(data);

    await store.remove(name);
    await store.remove(name);
    expect(await store.read(name)).toBeUndefined();
    expect(await store.open(name)).toBeUndefined();
  });

  it('refuses a name that is no media name before reaching the disk or bucket', async () => {
    for (const call of [
      store.put('../x.jpg', Buffer.from('x'), 'image/jpeg'),
      store.read('../x.jpg'),
      store.open('a/b.jpg'),
      store.remove('x.png'),
    ]) {
      await expect(call).rejects.toThrow(/Not a media name/);
    }
    expect(s3?.keys() ?? []).toEqual([]);
  });
});
