import {
  PROFILE_IMAGE_MAX_BYTES,
  ProfileImageRemoveSchema,
  ProfileImageUpdateSchema,
  ProfileImageUploadResponseSchema,
  type User,
} from '@rendezvous/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import type { MemberRow } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import type { MediaStore } from '../../lib/media-store.js';
import {
  acceptProfileImageUploads,
  createProfileImagePipeline,
  UPLOAD_WINDOW_MS,
  UPLOADS_PER_IP,
} from '../../platform/profile-images/profile-image-pipeline.js';
import { reviewModeFor } from '../../platform/moderation/profile-review.js';

export interface ProfileImagesRoutesOptions {
  db: Db;
  media: MediaStore;
  /** The accounts feature's user object of spec §3; app.ts passes it in, as features never import each other. */
  loadUser: (db: Db, member: MemberRow, site: { fictionalIcon: boolean }) => Promise<User>;
  /** Largest accepted file; the contract's limit unless a test wants a smaller one. */
  maxBytes?: number;
}

/**
 * /api/profileimage.php: POST adds one photo (re-encoded and stored), DELETE removes one, PUT
 * chooses the main one. Each answers the updated user object and touches only the session member's photos.
 */
export const profileImagesRoutes: FastifyPluginAsyncZod<ProfileImagesRoutesOptions> = async (
  app,
  { db, media, loadUser, maxBytes = PROFILE_IMAGE_MAX_BYTES },
) => {
  await acceptProfileImageUploads(app, maxBytes);
  const photos = createProfileImagePipeline(db, media);

  app.post(
    '/api/profileimage.php',
    {
      config: { access: 'member', limits: [app.limits.perIp('profile-image', UPLOADS_PER_IP, UPLOAD_WINDOW_MS)] },
      schema: { response: { 200: ProfileImageUploadResponseSchema } },
    },
    async (request) => {
      const member = request.member;
      const mode = reviewModeFor(request.site.config.moderation, member);
      const review = mode === null ? undefined : { siteId: request.site.id, held: mode === 'before' };
      const added = await photos.upload(request, member.id, { maxBytes, review });
      const site = { fictionalIcon: request.site.config.fictional_icon };
      return loadUser(db, { ...member, main_image_id: added.mainImageId }, site);
    },
  );

  /** The user object after a change, read again since the main image may have moved. */
  async function reloadUser(request: FastifyRequest, memberId: number) {
    return loadUser(db, await photos.member(memberId), { fictionalIcon: request.site.config.fictional_icon });
  }

  app.delete(
    '/api/profileimage.php',
    {
      config: { access: 'member' },
      schema: { body: ProfileImageRemoveSchema, response: { 200: ProfileImageUploadResponseSchema } },
    },
    async (request) => {
      const { id } = request.body;
      // Another member's photo gets the same answer as one that does not exist.
      if (!(await photos.remove(request.member.id, id, request.log))) throw notFound('You have no photo with this id.');
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
      if (!(await photos.setMain(request.member.id, id))) {
        if (await photos.inReview(request.member.id, id))
          throw new AppError(409, 'photo_in_review', 'A photo waiting for review cannot be the main one yet.');
        throw notFound('You have no photo with this id.');
      }
      return reloadUser(request, request.member.id);
    },
  );
};
