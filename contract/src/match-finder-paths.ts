/*
 * The match finder's address without zod, so the finder's page loads no validation code before it
 * paints; the schemas of the call are in match-finder.ts.
 */

/** Ours: the public match finder (spec §2 /match-finder) reads the first page of the real search. */
export const MATCH_FINDER_PATH = '/api/match-finder.php';
