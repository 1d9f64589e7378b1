import { PROFILE_IMAGE_ERRORS, PROFILE_IMAGE_FIELD, PROFILE_THUMB_EDGE_PX } from '@rendezvous/contract';
import type { FastifyBaseLogger } from 'fastify';
import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { invalidInput } from '../../errors.js';

/**
 * Room for phone photos in their default modes (12 to 24 MP) and most full-resolution ones,
 * and far below what a few kilobytes of PNG can declare: 30000×30000 would decode to 2.7 GB.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
export const MAIN_MAX_EDGE_PX = 1200;
export const THUMB_EDGE_PX = PROFILE_THUMB_EDGE_PX;
const JPEG_QUALITY = 82;

const SIGNATURES = {
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpeg: Buffer.from([0xff, 0xd8, 0xff]),
} as const;
type AcceptedFormat = keyof typeof SIGNATURES;

const INPUT: SharpOptions = {
  limitInputPixels: MAX_INPUT_PIXELS,
  // 'error' refuses broken and truncated data but still takes the photos with harmless
  // warnings (odd markers, extra bytes) that cameras and editors often write.
  failOn: 'error',
};

export interface EncodedProfileImage {
  main: Buffer;
  thumb: Buffer;
}

const notAllowed = () =>
  invalidInput({ [PROFILE_IMAGE_FIELD]: PROFILE_IMAGE_ERRORS.type }, 'Only PNG and JPEG photos can be uploaded.');
const unreadable = () =>
  invalidInput(
    { [PROFILE_IMAGE_FIELD]: PROFILE_IMAGE_ERRORS.unreadable },
    'The photo is damaged or incomplete and cannot be read.',
  );
const tooManyPixels = () =>
  invalidInput(
    { [PROFILE_IMAGE_FIELD]: PROFILE_IMAGE_ERRORS.tooManyPixels },
    `The photo has too many pixels (at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels).`,
  );

/** The format by its first bytes, whatever the name or declared type says. */
export function sniffImageFormat(data: Buffer): AcceptedFormat | null {
  for (const [format, signature] of Object.entries(SIGNATURES) as [AcceptedFormat, Buffer][]) {
    if (data.subarray(0, signature.length).equals(signature)) return format;
  }
  return null;
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/**
 * Re-encodes an uploaded photo: upright per its EXIF orientation, at most MAIN_MAX_EDGE_PX
 * on the long side, plus a square thumbnail. Only pixels survive: sharp writes no EXIF
 * (camera, GPS position), XMP, IPTC or ICC unless asked to (never call withMetadata here).
 * Throws a 400 naming the reason for anything that is not a sound PNG or JPEG of sane size.
 */
export async function encodeProfileImage(data: Buffer, log: FastifyBaseLogger): Promise<EncodedProfileImage> {
  // Only the two formats' own signatures reach libvips, so its many other decoders
  // (SVG, PDF, TIFF, HEIF, ...) never see untrusted input.
  const format = sniffImageFormat(data);
  if (!format) throw notAllowed();

  let metadata: Metadata;
  try {
    // Reads the header only; sharp applies limitInputPixels here already, so a bomb stops before decoding.
    metadata = await sharp(data, INPUT).metadata();
  } catch (error) {
    if (isPixelLimitError(error)) throw tooManyPixels();
    log.info({ err: error }, 'profile image header unreadable');
    throw unreadable();
  }
  if (metadata.format !== format) throw notAllowed();
  // Sharp's limit trusts the header as documented; checking the same numbers here costs nothing.
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw tooManyPixels();

  const image = sharp(data, INPUT)
    .rotate()
    // JPEG has no transparency: transparent PNG areas become white rather than black.
    .flatten({ background: '#ffffff' });
  try {
    const [main, thumb] = await Promise.all([
      image
        .clone()
        .resize({ width: MAIN_MAX_EDGE_PX, height: MAIN_MAX_EDGE_PX, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: JPEG_QUALITY })
        .toBuffer(),
      // Always the full square, so thumbnails line up in the web's grid even for tiny photos.
      image
        .clone()
        .resize({ width: THUMB_EDGE_PX, height: THUMB_EDGE_PX, fit: 'cover' })
        .jpeg({ quality: JPEG_QUALITY })
        .toBuffer(),
    ]);
    return { main, thumb };
  } catch (error) {
    if (isPixelLimitError(error)) throw tooManyPixels();
    // A header that parses over pixel data that does not: the upload's fault, not ours.
    log.warn({ err: error }, 'profile image pixels unreadable');
    throw unreadable();
  }
}
