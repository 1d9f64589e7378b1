import {
  PROFILE_THUMB_VARIANTS,
  PROFILE_THUMB_WIDTHS_PX,
  profileThumbVariant,
  type ProfileThumbFormat,
  type ProfileThumbWidth,
} from '@rendezvous/contract';
import sharp, { type Sharp } from 'sharp';
import type { MediaStore } from '../../lib/media-store.js';

export const THUMB_VARIANT_TYPES: Record<ProfileThumbFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

// Small faces on a phone: these qualities look like the JPEG at a third to a half of its bytes.
// AVIF's effort is kept low: an upload waits for its copies, and a demo start makes hundreds.
const SETTINGS = { avif: { quality: 50, effort: 2 }, webp: { quality: 72 } } as const;
const ENCODERS: Record<ProfileThumbFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif(SETTINGS.avif),
  webp: (image) => image.webp(SETTINGS.webp),
};

/** What the copies are made with; files made with other settings are not the same files (demo avatar cache). */
export const THUMB_VARIANT_ENCODING = JSON.stringify({ widths: PROFILE_THUMB_WIDTHS_PX, ...SETTINGS });

/** One copy of a JPEG thumbnail: the width (never enlarged) and the format. */
export function encodeThumbVariant(
  thumb: Buffer,
  width: ProfileThumbWidth,
  format: ProfileThumbFormat,
): Promise<Buffer> {
  return ENCODERS[format](
    sharp(thumb).resize({ width, height: width, fit: 'cover', withoutEnlargement: true }),
  ).toBuffer();
}

export interface ThumbVariant {
  width: ProfileThumbWidth;
  format: ProfileThumbFormat;
  data: Buffer;
}

/** Every copy of a thumbnail the cards offer (contract PROFILE_THUMB_VARIANTS). */
export function encodeThumbVariants(thumb: Buffer): Promise<ThumbVariant[]> {
  return Promise.all(
    PROFILE_THUMB_VARIANTS.map(async ({ width, format }) => ({
      width,
      format,
      data: await encodeThumbVariant(thumb, width, format),
    })),
  );
}

/** Stores the copies beside the thumbnail `thumbFilename`, each under its contract name. */
export async function putThumbVariants(
  media: MediaStore,
  thumbFilename: string,
  variants: readonly ThumbVariant[],
): Promise<void> {
  await Promise.all(
    variants.map(({ width, format, data }) =>
      media.put(profileThumbVariant(thumbFilename, width, format), data, THUMB_VARIANT_TYPES[format]),
    ),
  );
}
