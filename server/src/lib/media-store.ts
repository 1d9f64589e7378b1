import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  PROFILE_THUMB_FORMATS,
  PROFILE_THUMB_VARIANTS,
  PROFILE_THUMB_WIDTHS_PX,
  profileThumbVariant,
  type ProfileThumbFormat,
  type ProfileThumbWidth,
} from '@rendezvous/contract';

/**
 * Where uploaded media lives. Local disk by default; an S3-compatible store can take its
 * place behind the same interface (architecture: Media), so callers never touch paths.
 */
export interface MediaStore {
  /** Stores a new file. Names are never reused, so a stored file never changes (caches revalidate it by ETag). */
  put(name: string, data: Buffer, contentType: string): Promise<void>;
  /** Removes a file, and the copies of a thumbnail; removing one that is already gone is not an error. */
  remove(name: string): Promise<void>;
  /** A stored file's bytes, or undefined when there is none (evidence for the authorities, issue 18). */
  read(name: string): Promise<Buffer | undefined>;
  /** A stored file as a stream, to serve it without holding it whole in memory; undefined when there is none. */
  open(name: string): Promise<MediaFile | undefined>;
  /** Lets go of connections (an S3 client's sockets); the store is not used afterwards. */
  close(): void;
}

export interface MediaFile {
  body: Readable;
  /** Bytes, when the store knows them before sending. */
  size: number | undefined;
}

/** Photos, and the zips of members' data exports (which the media route never serves). */
export type MediaExtension = 'jpg' | 'webp' | 'zip';

// 128 random bits in hex: unguessable, and safe as a file name and a URL path segment.
const MEDIA_NAME = /^[a-f0-9]{32}\.(jpg|webp|zip)$/;
/** A thumbnail's copy at another width and format (contract `profileThumbVariant`), named after it. */
const THUMB_VARIANT_NAME = new RegExp(
  `^([a-f0-9]{32})-(${PROFILE_THUMB_WIDTHS_PX.join('|')})\\.(${PROFILE_THUMB_FORMATS.join('|')})$`,
);

export interface ThumbVariantName {
  /** The JPEG thumbnail it is made from. */
  thumb: string;
  width: ProfileThumbWidth;
  format: ProfileThumbFormat;
}

export function parseThumbVariantName(name: string): ThumbVariantName | null {
  const match = THUMB_VARIANT_NAME.exec(name);
  if (!match) return null;
  return {
    thumb: `${match[1]}.jpg`,
    width: Number(match[2]) as ProfileThumbWidth,
    format: match[3] as ProfileThumbFormat,
  };
}

/** A file and the thumbnail copies named after it, which go when it goes. */
export function withThumbVariants(name: string): string[] {
  if (!name.endsWith('.jpg')) return [name];
  return [name, ...PROFILE_THUMB_VARIANTS.map(({ width, format }) => profileThumbVariant(name, width, format))];
}

/** A fresh, unguessable media name. */
export function createMediaName(extension: MediaExtension): string {
  return `${randomBytes(16).toString('hex')}.${extension}`;
}

export function isMediaName(name: string): boolean {
  return MEDIA_NAME.test(name) || THUMB_VARIANT_NAME.test(name);
}

export function assertMediaName(name: string): void {
  // Anything else could be a path ("../", "/etc/…") or collide with the temp files below.
  if (!isMediaName(name)) throw new Error(`Not a media name: ${JSON.stringify(name)}`);
}

/** Files in one directory (`<dataDir>/media`), which features/media serves at `/media/`. */
export function createLocalMediaStore(dir: string): MediaStore {
  // Made now so the static handler serving it finds it at start; put() makes it again if it was removed since.
  mkdirSync(dir, { recursive: true });
  return {
    async put(name, data) {
      assertMediaName(name);
      await fs.mkdir(dir, { recursive: true });
      // Written in full (and flushed) under a temp name, then renamed: the media route and
      // the caches behind it never see a half-written file at the real name.
      // Same directory, so the rename is atomic; the temp name is never a media name.
      const temp = path.join(dir, `.${randomBytes(8).toString('hex')}.tmp`);
      try {
        const handle = await fs.open(temp, 'wx', 0o644);
        try {
          await handle.writeFile(data);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.rename(temp, path.join(dir, name));
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
    },
    async remove(name) {
      assertMediaName(name);
      await Promise.all(withThumbVariants(name).map((file) => fs.rm(path.join(dir, file), { force: true })));
    },
    async read(name) {
      assertMediaName(name);
      try {
        return await fs.readFile(path.join(dir, name));
      } catch (error) {
        if (isMissingFile(error)) return undefined;
        throw error;
      }
    },
    async open(name) {
      assertMediaName(name);
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(path.join(dir, name), 'r');
      } catch (error) {
        if (isMissingFile(error)) return undefined;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        // The stream owns the handle from here and closes it when it ends or is destroyed.
        return { body: handle.createReadStream(), size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    close() {},
  };
}

const isMissingFile = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
