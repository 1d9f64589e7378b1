import { VALIDATION } from './validation.js';

/*
 * What a profile photo upload may be, without zod, so the pages that take photos load no
 * validation code; the schemas of the photo calls are in profile-images.ts.
 */

/** POST /api/profileimage.php takes one multipart part under this name (spec §7). */
export const PROFILE_IMAGE_FIELD = 'file';
export const PROFILE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const PROFILE_IMAGE_MAX_COUNT = 12;
/** What the server accepts, judged by the file's content; the web's drop area offers the same. */
export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const PROFILE_IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;
/** A profile photo's thumbnail is this square (the web states it as the image's size, so nothing shifts). */
export const PROFILE_THUMB_EDGE_PX = 320;
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

/**
 * A thumbnail is also stored at these widths in these formats, so a card's `<picture>` lets the
 * browser pick the smallest file that is sharp on its screen (issue 17).
 */
export const PROFILE_THUMB_WIDTHS_PX = [160, 320] as const;
export const PROFILE_THUMB_FORMATS = ['avif', 'webp'] as const;
export type ProfileThumbWidth = (typeof PROFILE_THUMB_WIDTHS_PX)[number];
export type ProfileThumbFormat = (typeof PROFILE_THUMB_FORMATS)[number];

/** Every copy a thumbnail has: each width in each format. */
export const PROFILE_THUMB_VARIANTS: readonly { width: ProfileThumbWidth; format: ProfileThumbFormat }[] =
  PROFILE_THUMB_WIDTHS_PX.flatMap((width) => PROFILE_THUMB_FORMATS.map((format) => ({ width, format })));

/** The name of a thumbnail's copy at one width and format: `<name>-<width>.<format>` beside `<name>.jpg`. */
export function profileThumbVariant(thumbFilename: string, width: ProfileThumbWidth, format: ProfileThumbFormat) {
  return `${thumbFilename.replace(/\.jpg$/, '')}-${width}.${format}`;
}
