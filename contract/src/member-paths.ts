/*
 * The member page's address without zod, so the page loads no validation code before it paints;
 * the schemas of the call are in member-detail.ts.
 */

/** GET /api/member.php?id=… — ours; the spec's member page (§2) shows a profile but names no call for it. */
export const MEMBER_DETAIL_PATH = '/api/member.php';
