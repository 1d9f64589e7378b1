import { z } from 'zod';

/** Spec §7: the beacon the web app sends when its page is hidden. */
export const PAGE_HIDDEN_PATH = '/api/page-hidden.php';

/** Spec §7 gives the beacon an empty JSON body; anything in it is a client we do not know. */
export const PageHiddenRequestSchema = z.strictObject({});
