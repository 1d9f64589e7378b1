import multipart from '@fastify/multipart';
import { PROFILE_IMAGE_ERRORS, PROFILE_IMAGE_FIELD, PROFILE_IMAGE_MAX_COUNT } from '@rendezvous/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError, invalidInput } from '../../errors.js';
import { createMediaName, type MediaStore } from '../../lib/media-store.js';
import { encodeThumbVariants, putThumbVariants } from './thumb-variants.js';
import { MINUTE_MS } from '../../lib/time.js';
import { encodeProfileImage, type EncodedProfileImage } from './image-encoding.js';
import {
  createProfileImagesRepository,
  type AlongWithChange,
  type PhotoReview,
  type StoredImageFiles,
} from './profile-images.repository.js';

// Decoding is the costly part and a half-broken photo costs it without counting against
// PROFILE_IMAGE_MAX_COUNT, so uploads are limited per address as well (the route's config.limits).
export const UPLOADS_PER_IP = 60;
export const UPLOAD_WINDOW_MS = 10 * MINUTE_MS;

const tooManyImages = () =>
  invalidInput(
    { [PROFILE_IMAGE_FIELD]: PROFILE_IMAGE_ERRORS.tooMany },
    `A profile has at most ${PROFILE_IMAGE_MAX_COUNT} photos.`,
  );
const noFile = (message: string) => invalidInput({ [PROFILE_IMAGE_FIELD]: PROFILE_IMAGE_ERRORS.required }, message);

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

function statusCode(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined;
  return typeof error.statusCode === 'number' ? error.statusCode : undefined;
}

/** The multipart parser's failures, each with the reason a client can act on. */
function uploadError(error: unknown, maxBytes: number): unknown {
  const code = errorCode(error);
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    // 413 like any other body over its limit, with the limit in the message and the field named.
    return new AppError(
      413,
      'payload_too_large',
      `The photo is larger than ${Math.floor(maxBytes / (1024 * 1024))} MB.`,
      { [PROFILE_IMAGE_FIELD]: PROFILE_IMAGE_ERRORS.tooLarge },
    );
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return invalidInput(
      { [PROFILE_IMAGE_FIELD]: PROFILE_IMAGE_ERRORS.required },
      `Send one photo in the field "${PROFILE_IMAGE_FIELD}" and nothing else.`,
    );
  }
  // Busboy reports a malformed body (no boundary, cut short) as a plain Error: still the request's fault.
  const status = statusCode(error);
  if (status === undefined || (status >= 400 && status < 500)) {
    return invalidInput({ [PROFILE_IMAGE_FIELD]: PROFILE_IMAGE_ERRORS.unreadable }, 'The upload could not be read.');
  }
  return error;
}

/**
 * Lets the routes of one plugin take a photo upload, with this pipeline's limits. Registered in
 * that plugin's scope only: no other route parses multipart.
 */
export async function acceptProfileImageUploads(app: FastifyInstance, maxBytes: number): Promise<void> {
  await app.register(multipart, {
    limits: { files: 1, fileSize: maxBytes, fields: 4, fieldSize: 1024, parts: 5, headerPairs: 20 },
  });
}

/** The bytes of the one file part named `file`. */
async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw noFile(`Send the photo as multipart/form-data in the field "${PROFILE_IMAGE_FIELD}".`);
  }
  let data: Buffer;
  try {
    const part = await request.file();
    if (!part) throw noFile('Choose a photo to upload.');
    if (part.fieldname !== PROFILE_IMAGE_FIELD) {
      throw noFile(`Send the photo in the field "${PROFILE_IMAGE_FIELD}", not "${part.fieldname}".`);
    }
    // Buffered (at most maxBytes): sharp needs the whole file to judge it, and the name and
    // declared type of the part are not looked at, as both are the client's word.
    data = await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw uploadError(error, maxBytes);
  }
  if (data.length === 0) throw noFile('The file is empty.');
  return data;
}

/**
 * One pipeline for every profile photo, a member's own (features/profile-images) or a persona's
 * (features/console-personas): the upload is read, re-encoded by sharp without metadata, stored
 * in the media store under fresh random names and appended to the member's photos, the first
 * becoming the main one. Each change takes an optional `along`, run in its transaction.
 */
export function createProfileImagePipeline(db: Db, media: MediaStore) {
  const images = createProfileImagesRepository(db);

  async function store(files: StoredImageFiles, encoded: EncodedProfileImage, log: FastifyBaseLogger) {
    // The cards' smaller AVIF and WebP copies are made now, so no visitor waits for them later.
    const variants = await encodeThumbVariants(encoded.thumb);
    const results = await Promise.allSettled([
      media.put(files.filename, encoded.main, 'image/jpeg'),
      media.put(files.thumb_filename, encoded.thumb, 'image/jpeg'),
      putThumbVariants(media, files.thumb_filename, variants),
    ]);
    const failed = results.find((result) => result.status === 'rejected');
    if (!failed) return;
    await discard([files.filename, files.thumb_filename], log);
    throw failed.reason;
  }

  /** Files that no row will point to; a failure here only leaves an orphan, so it is logged, not thrown. */
  async function discard(names: readonly string[], log: FastifyBaseLogger) {
    for (const name of names) {
      await media.remove(name).catch((error: unknown) => log.warn({ err: error, name }, 'media not removed'));
    }
  }

  return {
    /**
     * Adds the request's one photo to the member's. Throws a 400 naming the reason in the `file`
     * field (no file, not PNG or JPEG, unreadable, too many pixels, already PROFILE_IMAGE_MAX_COUNT
     * photos) or a 413 over `maxBytes`. With a `review`, a moderator reviews the photo (docs/decisions/022).
     */
    async upload(
      request: FastifyRequest,
      memberId: number,
      options: { maxBytes: number; along?: AlongWithChange; review?: PhotoReview },
    ): Promise<{ id: number; mainImageId: number | null }> {
      // Checked before the costly decode too; the transaction below checks again for racing uploads.
      if ((await images.countFor(memberId)) >= PROFILE_IMAGE_MAX_COUNT) throw tooManyImages();

      const encoded = await encodeProfileImage(await readUpload(request, options.maxBytes), request.log);
      // Separate random names: knowing a thumbnail's address reveals nothing about the full photo's.
      const files = { filename: createMediaName('jpg'), thumb_filename: createMediaName('jpg') };
      await store(files, encoded, request.log);
      const names = [files.filename, files.thumb_filename];

      let added: Awaited<ReturnType<typeof images.add>>;
      try {
        added = await images.add(memberId, files, PROFILE_IMAGE_MAX_COUNT, options.along, options.review);
      } catch (error) {
        await discard(names, request.log);
        throw error;
      }
      if (!added) {
        await discard(names, request.log);
        throw tooManyImages();
      }
      return added;
    },

    /**
     * Removes one of the member's photos, and its files unless another member shows them (demo
     * profiles share avatars). False, touching nothing, when the member has no photo with that id.
     */
    async remove(memberId: number, imageId: number, log: FastifyBaseLogger, along?: AlongWithChange) {
      const removed = await images.remove(memberId, imageId, along);
      if (!removed) return false;
      await discard(removed.unusedFiles, log);
      return true;
    },

    /** Makes one of the member's photos the main one; false, changing nothing, when it is not theirs. */
    setMain(memberId: number, imageId: number, along?: AlongWithChange): Promise<boolean> {
      return images.setMain(memberId, imageId, along);
    },

    /** Puts the member's photos in the order of `ids`, all of theirs once each; false, changing nothing, otherwise. */
    reorder(memberId: number, ids: readonly number[], along?: AlongWithChange): Promise<boolean> {
      return images.reorder(memberId, ids, along);
    },

    /** Whether the member has this photo waiting for a moderator's review. */
    inReview: images.inReview,

    /** The member's row as it is now: a change may have moved the main image. */
    member: images.member,
  };
}

export type ProfileImagePipeline = ReturnType<typeof createProfileImagePipeline>;
