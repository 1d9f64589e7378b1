import { z } from 'zod';
import { VALIDATION } from './validation.js';
import { UserSchema } from './user.js';

/** POST /api/profileimage.php takes one multipart part under this name (spec §7). */
export const PROFILE_IMAGE_FIELD = 'file';
export const PROFILE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const PROFILE_IMAGE_MAX_COUNT = 12;
/** What the server accepts, judged by the file's content; the web's drop area offers the same. */
export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const PROFILE_IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;
/** For `<input type="file" accept>`: types for browsers that filter by type, extensions for those that filter by name. */
export const PROFILE_IMAGE_ACCEPT = [...PROFILE_IMAGE_TYPES, ...PROFILE_IMAGE_EXTENSIONS].join(',');

/**
 * The reason in `error.fields.file` of a refused upload. Like every field error these are
 * catalogue keys; spec §8 has the web only log upload failures, so it need not show them.
 */
export const PROFILE_IMAGE_ERRORS = {
  required: VALIDATION.required,
  type: 'profile_images.type_not_allowed',
  unreadable: 'profile_images.unreadable',
  tooLarge: 'profile_images.too_large',
  tooManyPixels: 'profile_images.too_many_pixels',
  tooMany: 'profile_images.too_many',
} as const;

/** The upload answers with the whole user object, so the client sees its images (and main image) at once. */
export const ProfileImageUploadResponseSchema = UserSchema;

const ImageIdSchema = z.number({ error: VALIDATION.required }).int(VALIDATION.required).positive(VALIDATION.required);

/** DELETE /api/profileimage.php: removes one of the member's own photos; the answer is the updated user. */
export const ProfileImageRemoveSchema = z.object({ id: ImageIdSchema });
export type ProfileImageRemove = z.infer<typeof ProfileImageRemoveSchema>;

/** PUT /api/profileimage.php: makes one of the member's own photos the main one; the answer is the updated user. */
export const ProfileImageUpdateSchema = z.object({
  id: ImageIdSchema,
  main: z.literal(true, { error: VALIDATION.required }),
});
export type ProfileImageUpdate = z.infer<typeof ProfileImageUpdateSchema>;
