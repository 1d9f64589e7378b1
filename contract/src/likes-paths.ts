/*
 * The likes' address and screens without zod, so the pages with a like button or the likes load
 * no validation code; the schemas of the calls are in likes.ts.
 */

/** The three likes calls of spec §7 share one address. */
export const LIKES_PATH = '/api/likes.php';

/** The /likes/{type} screens: received, sent, and mutual (both liked each other). */
export const LIKES_TYPES = ['received', 'sent', 'mutual'] as const;
export type LikesType = (typeof LIKES_TYPES)[number];
