import multipart from '@fastify/multipart';
import {
  PROFILE_IMAGE_ERRORS,
  PROFILE_IMAGE_FIELD,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_MAX_COUNT,
  ProfileImageRemoveSchema,
  ProfileImageUpdateSchema,
  ProfileImageUploadResponseSchema,
  type User,
} from '@rendezvous/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import type { MemberRow } from '../../db/schema.js';
import { AppError, invalidInput, notFound } from '../../errors.js';
import { createMediaName, type MediaStore } from '../../lib/media-store.js';
import { encodeProfileImage, type EncodedProfileImage } from './image-encoding.js';
import { createProfileImagesRepository, type StoredImageFiles } from './profile-images.repository.js';

export interface ProfileImagesRoutesOptions {
  db: Db;
  media: MediaStore;
  /** The accounts feature's user object of spec §3; app.ts passes it in, as features never import each other. */
  loadUser: (db: Db, member: MemberRow, site: { fictionalIcon: boolean }) => Promise<User>;
  /** Largest accepted file; the contract's limit unless a test wants a smaller one. */
  maxBytes?: number;
}

// Decoding is the costly part and a half-broken photo costs it without counting against
// the member's PROFILE_IMAGE_MAX_COUNT, so uploads are limited per address as well.
const UPLOADS_PER_IP = 60;
const UPLOAD_WINDOW_MS = 10 * 60_000;

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
 * /api/profileimage.php: POST adds one photo (re-encoded and stored), DELETE removes one, PUT
 * chooses the main one. Each answers the updated user object and touches only the session member's photos.
 */
export const profileImagesRoutes: FastifyPluginAsyncZod<ProfileImagesRoutesOptions> = async (
  app,
  { db, media, loadUser, maxBytes = PROFILE_IMAGE_MAX_BYTES },
) => {
  // Registered in this plugin's scope only: no other route parses multipart, and these limits are this route's.
  await app.register(multipart, {
    limits: { files: 1, fileSize: maxBytes, fields: 4, fieldSize: 1024, parts: 5, headerPairs: 20 },
  });
  const images = createProfileImagesRepository(db);

  async function store(files: StoredImageFiles, encoded: EncodedProfileImage, log: FastifyBaseLogger) {
    const results = await Promise.allSettled([
      media.put(files.filename, encoded.main, 'image/jpeg'),
      media.put(files.thumb_filename, encoded.thumb, 'image/jpeg'),
    ]);
    const failed = results.find((result) => result.status === 'rejected');
    if (!failed) return;
    await discard(files, log);
    throw failed.reason;
  }

  /** Files that no row will point to; a failure here only leaves an orphan, so it is logged, not thrown. */
  async function discard(files: StoredImageFiles, log: FastifyBaseLogger) {
    for (const name of [files.filename, files.thumb_filename]) {
      await media.remove(name).catch((error: unknown) => log.warn({ err: error, name }, 'media not removed'));
    }
  }

  app.post(
    '/api/profileimage.php',
    {
      config: { access: 'member', limits: [app.limits.perIp('profile-image', UPLOADS_PER_IP, UPLOAD_WINDOW_MS)] },
      schema: { response: { 200: ProfileImageUploadResponseSchema } },
    },
    async (request) => {
      const member = request.member;
      // Checked before the costly decode too; the transaction below checks again for racing uploads.
      if ((await images.countFor(member.id)) >= PROFILE_IMAGE_MAX_COUNT) throw tooManyImages();

      const encoded = await encodeProfileImage(await readUpload(request, maxBytes), request.log);
      // Separate random names: knowing a thumbnail's address reveals nothing about the full photo's.
      const files = { filename: createMediaName('jpg'), thumb_filename: createMediaName('jpg') };
      await store(files, encoded, request.log);

      let added: Awaited<ReturnType<typeof images.add>>;
      try {
        added = await images.add(member.id, files, PROFILE_IMAGE_MAX_COUNT);
      } catch (error) {
        await discard(files, request.log);
        throw error;
      }
      if (!added) {
        await discard(files, request.log);
        throw tooManyImages();
      }
      const site = { fictionalIcon: request.site.config.fictional_icon };
      return loadUser(db, { ...member, main_image_id: added.mainImageId }, site);
    },
  );

  /** The user object after a change, read again since the main image may have moved. */
  async function reloadUser(request: FastifyRequest, memberId: number) {
    return loadUser(db, await images.member(memberId), { fictionalIcon: request.site.config.fictional_icon });
  }

  app.delete(
    '/api/profileimage.php',
    {
      config: { access: 'member' },
      schema: { body: ProfileImageRemoveSchema, response: { 200: ProfileImageUploadResponseSchema } },
    },
    async (request) => {
      const { id } = request.body;
      const removed = await images.remove(request.member.id, id);
      // Another member's photo gets the same answer as one that does not exist.
      if (!removed) throw notFound('You have no photo with this id.');
      for (const name of removed.unusedFiles) {
        await media
          .remove(name)
          .catch((error: unknown) => request.log.warn({ err: error, name }, 'photo file not removed'));
      }
      return reloadUser(request, request.member.id);
    },
  );

  app.put(
    '/api/profileimage.php',
    {
      config: { access: 'member' },
      schema: { body: ProfileImageUpdateSchema, response: { 200: ProfileImageUploadResponseSchema } },
    },
    async (request) => {
      const { id } = request.body;
      if (!(await images.setMain(request.member.id, id))) throw notFound('You have no photo with this id.');
      return reloadUser(request, request.member.id);
    },
  );
};
