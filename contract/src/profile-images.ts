import { z } from 'zod';
import { VALIDATION } from './validation.js';
import { UserSchema } from './user.js';

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
