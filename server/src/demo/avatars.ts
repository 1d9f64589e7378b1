import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PROFILE_THUMB_VARIANTS } from '@rendezvous/contract';
import sharp from 'sharp';
import { createMediaName, type MediaStore } from '../lib/media-store.js';
import {
  encodeThumbVariants,
  putThumbVariants,
  THUMB_VARIANT_ENCODING,
  type ThumbVariant,
} from '../platform/profile-images/thumb-variants.js';
import { createRandom, type Random } from '../lib/random.js';

export interface DemoAvatar {
  filename: string;
  thumb_filename: string;
  /** Which members the hairstyle suits, so a profile's photos match its gender. */
  gender: 'female' | 'male';
}

export const AVATAR_POOL_SIZE = 48;
export const AVATAR_SIZE_PX = 600;
export const AVATAR_THUMB_SIZE_PX = 240;
const JPEG_QUALITY = 82;

// Warm two-stop backgrounds; the portraits sit on them like studio backdrops.
const BACKGROUNDS: readonly (readonly [string, string])[] = [
  ['#f6d365', '#fda085'],
  ['#ffecd2', '#fcb69f'],
  ['#ff9a9e', '#fecfef'],
  ['#fbc2eb', '#f7a072'],
  ['#f5efef', '#feada6'],
  ['#fad0c4', '#f1a7c2'],
  ['#ffc3a0', '#ffafbd'],
  ['#e6b980', '#eacda3'],
  ['#fddb92', '#f4a261'],
  ['#f9d29d', '#ffd8cb'],
  ['#f3c4a8', '#d88c9a'],
  ['#fcd5ce', '#e5989b'],
];
const SKIN = ['#ffdbac', '#f5cba7', '#f1c27d', '#e0ac69', '#d4a373', '#c68642', '#a0673f', '#8d5524'];
const HAIR = ['#d9d9de', '#b9b9be', '#e8e6e1', '#8f8b88', '#6e6a67', '#d9b46a', '#6b4226', '#8d3b1f', '#2b2522'];
const CLOTHES = ['#2e4057', '#6a4c93', '#8c2f39', '#1b6f6a', '#3d5a80', '#b5651d', '#4f772d', '#5e548e', '#7a3e65'];

type HairStyle = (hair: string) => { back: string; front: string };

// Coordinates are for a 600x600 canvas with the head centred at (300, 290).
const FEMALE_HAIR: readonly HairStyle[] = [
  // Bob to the jaw
  (c) => ({
    back: `<path d="M190 300 C180 170 240 150 300 150 C360 150 420 170 410 300 L415 400 C380 420 220 420 185 400 Z" fill="${c}"/>`,
    front: `<path d="M205 270 C210 190 260 168 300 168 C350 168 395 195 397 270 C370 225 320 205 300 205 C265 205 235 225 205 270 Z" fill="${c}"/>`,
  }),
  // Long, past the shoulders
  (c) => ({
    back: `<path d="M185 300 C170 160 240 145 300 145 C360 145 430 160 415 300 L440 520 C400 545 200 545 160 520 Z" fill="${c}"/>`,
    front: `<path d="M205 285 C205 190 255 165 300 165 C345 165 395 190 397 285 C385 215 340 195 300 200 C260 195 220 220 205 285 Z" fill="${c}"/>`,
  }),
  // Bun on top
  (c) => ({
    back: `<circle cx="300" cy="158" r="48" fill="${c}"/>`,
    front: `<path d="M205 280 C205 195 250 172 300 172 C350 172 395 195 395 280 C380 222 340 205 300 205 C260 205 220 222 205 280 Z" fill="${c}"/>`,
  }),
  // Short curls
  (c) => ({
    back: [
      [215, 230, 42],
      [250, 190, 44],
      [300, 175, 46],
      [350, 190, 44],
      [385, 230, 42],
      [200, 290, 34],
      [400, 290, 34],
    ]
      .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${c}"/>`)
      .join(''),
    front: '',
  }),
  // Pixie cut with a side sweep
  (c) => ({
    back: `<path d="M200 300 C190 180 250 160 300 160 C360 160 410 185 402 300 Z" fill="${c}"/>`,
    front: `<path d="M205 265 C215 185 265 165 310 165 C360 170 400 200 398 255 C360 215 300 235 250 215 C230 230 215 245 205 265 Z" fill="${c}"/>`,
  }),
];

const MALE_HAIR: readonly HairStyle[] = [
  // Short crop
  (c) => ({
    back: '',
    front: `<path d="M203 280 C198 185 250 165 300 165 C355 165 405 185 397 280 C385 225 340 210 300 212 C260 210 215 225 203 280 Z" fill="${c}"/>`,
  }),
  // Receding, hair at the sides only
  (c) => ({
    back: '',
    front:
      `<path d="M203 310 C198 250 210 225 228 215 C222 245 220 275 222 310 Z" fill="${c}"/>` +
      `<path d="M397 310 C402 250 390 225 372 215 C378 245 380 275 378 310 Z" fill="${c}"/>`,
  }),
  // Side parting
  (c) => ({
    back: '',
    front: `<path d="M203 285 C195 180 255 160 305 162 C360 165 405 190 397 285 C392 235 370 215 330 212 C300 205 260 200 240 215 C220 230 208 255 203 285 Z" fill="${c}"/>`,
  }),
  // Swept back, a little fuller
  (c) => ({
    back: `<path d="M200 290 C190 175 250 150 300 150 C355 150 412 175 400 290 Z" fill="${c}"/>`,
    front: '',
  }),
];

/**
 * Writes a pool of abstract portrait avatars (head and shoulders on a warm gradient) into the
 * media store, rendered locally from SVG so a fresh start needs no network.
 * File names are random so the media URLs of one member reveal nothing about another's.
 */
export async function generateAvatars(media: MediaStore, count = AVATAR_POOL_SIZE): Promise<DemoAvatar[]> {
  // The designs are seeded so every start shows the same faces; only the file names vary.
  const random = createRandom(20_261_121);
  const designs = Array.from({ length: count }, (_, index) => {
    const gender = index % 2 === 0 ? 'female' : 'male';
    return { gender, svg: portraitSvg(random, gender) } as const;
  });
  return Promise.all(
    designs.map(async ({ gender, svg }) => {
      const filename = createMediaName('jpg');
      const thumbFilename = createMediaName('jpg');
      const files = await encodedAvatar(svg);
      await Promise.all([
        media.put(filename, files.main, 'image/jpeg'),
        media.put(thumbFilename, files.thumb, 'image/jpeg'),
        putThumbVariants(media, thumbFilename, files.variants),
      ]);
      return { filename, thumb_filename: thumbFilename, gender };
    }),
  );
}

interface AvatarFiles {
  main: Buffer;
  thumb: Buffer;
  variants: ThumbVariant[];
}

/**
 * Encoding the pool (AVIF most of all) took seconds of CPU on every start of a fresh database,
 * which every test server is; the same drawing encodes to the same bytes, so they are kept in the
 * system's temporary directory under the drawing's and the settings' hash.
 */
const AVATAR_CACHE_DIR = path.join(os.tmpdir(), 'rendezvous-demo-avatars');
const AVATAR_ENCODING = JSON.stringify({ AVATAR_SIZE_PX, AVATAR_THUMB_SIZE_PX, JPEG_QUALITY, THUMB_VARIANT_ENCODING });

async function encodedAvatar(svg: string): Promise<AvatarFiles> {
  const key = createHash('sha256').update(AVATAR_ENCODING).update(svg).digest('hex');
  const file = (kind: string) => path.join(AVATAR_CACHE_DIR, `${key}.${kind}`);
  const variantKind = ({ width, format }: { width: number; format: string }) => `${width}.${format}`;
  try {
    const [main, thumb, ...variants] = await Promise.all(
      ['main', 'thumb', ...PROFILE_THUMB_VARIANTS.map(variantKind)].map((kind) => fs.readFile(file(kind))),
    );
    if (main && thumb) {
      return {
        main,
        thumb,
        variants: PROFILE_THUMB_VARIANTS.map((variant, index) => ({ ...variant, data: variants[index]! })),
      };
    }
  } catch {
    // Not made yet on this machine (or with these settings): made below.
  }

  const image = sharp(Buffer.from(svg)).resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX);
  const [main, thumb] = await Promise.all([
    image.clone().jpeg({ quality: JPEG_QUALITY, mozjpeg: true }).toBuffer(),
    image.clone().resize(AVATAR_THUMB_SIZE_PX, AVATAR_THUMB_SIZE_PX).jpeg({ quality: JPEG_QUALITY }).toBuffer(),
  ]);
  const variants = await encodeThumbVariants(thumb);
  await fs.mkdir(AVATAR_CACHE_DIR, { recursive: true });
  const written: [string, Buffer][] = [
    ['main', main],
    ['thumb', thumb],
    ...variants.map((variant): [string, Buffer] => [variantKind(variant), variant.data]),
  ];
  // Under a temporary name, then renamed: test servers starting together never read half a file.
  await Promise.all(
    written.map(async ([kind, data]) => {
      const temp = path.join(AVATAR_CACHE_DIR, `.${randomBytes(8).toString('hex')}.tmp`);
      await fs.writeFile(temp, data);
      await fs.rename(temp, file(kind));
    }),
  );
  return { main, thumb, variants };
}

function portraitSvg(random: Random, gender: 'female' | 'male'): string {
  const [from, to] = random.pick(BACKGROUNDS);
  const skin = random.pick(SKIN);
  const hairColour = random.pick(HAIR);
  const clothes = random.pick(CLOTHES);
  const hair = random.pick(gender === 'female' ? FEMALE_HAIR : MALE_HAIR)(hairColour);
  const angle = random.int(0, 1) === 0 ? 'x1="0" y1="0" x2="1" y2="1"' : 'x1="1" y1="0" x2="0" y2="1"';
  const beard =
    gender === 'male' && random.chance(0.35)
      ? `<path d="M215 315 C220 400 260 420 300 420 C340 420 380 400 385 315 C370 365 340 372 300 372 C260 372 230 365 215 315 Z" fill="${hairColour}"/>`
      : '';
  const glasses = random.chance(0.3)
    ? `<g fill="none" stroke="#3b3030" stroke-width="6" opacity="0.85">` +
      `<rect x="222" y="268" width="66" height="46" rx="16"/><rect x="312" y="268" width="66" height="46" rx="16"/>` +
      `<path d="M288 286 Q300 278 312 286"/></g>`
    : '';
  const neckline = random.chance(0.5)
    ? `<path d="M262 452 L300 520 L338 452 Z" fill="${skin}"/>`
    : `<path d="M255 452 C265 485 335 485 345 452 Z" fill="${skin}"/>`;

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR_SIZE_PX}" height="${AVATAR_SIZE_PX}" viewBox="0 0 600 600">
<defs>
  <linearGradient id="bg" ${angle}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
  <radialGradient id="light" cx="0.3" cy="0.25" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
  <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.18"/></linearGradient>
</defs>
<rect width="600" height="600" fill="url(#bg)"/>
<rect width="600" height="600" fill="url(#light)"/>
<g transform="translate(300 600) scale(1.18) translate(-300 -600)">
${hair.back}
<path d="M80 600 C90 500 185 452 300 448 C415 452 510 500 520 600 Z" fill="${clothes}"/>
<path d="M80 600 C90 500 185 452 300 448 C415 452 510 500 520 600 Z" fill="url(#shade)"/>
<rect x="262" y="360" width="76" height="100" rx="30" fill="${skin}"/>
<rect x="262" y="360" width="76" height="60" rx="20" fill="#000" opacity="0.08"/>
${neckline}
<ellipse cx="205" cy="300" rx="16" ry="26" fill="${skin}"/>
<ellipse cx="395" cy="300" rx="16" ry="26" fill="${skin}"/>
<ellipse cx="300" cy="290" rx="96" ry="118" fill="${skin}"/>
<ellipse cx="262" cy="335" rx="20" ry="12" fill="#e86f6f" opacity="0.12"/>
<ellipse cx="338" cy="335" rx="20" ry="12" fill="#e86f6f" opacity="0.12"/>
${beard}
${hair.front}
${glasses}
</g>
</svg>`;
}
