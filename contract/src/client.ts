/** Spec §7: every call from the web app names the package and the original host. */
export const CLIENT_HEADER = 'x-rendezvous-client';
export const ORIGINAL_HOST_HEADER = 'x-original-host';
/** Double-submit CSRF: the cookie the server sets and the header state-changing calls echo. */
export const CSRF_COOKIE = 'rv_csrf';
export const CSRF_HEADER = 'x-csrf-token';
/**
 * GET /api/events.php: one server-sent-events stream per tab (architecture: Realtime). Here, with
 * no schema beside it, so that every page can open the stream without loading zod.
 */
export const EVENTS_PATH = '/api/events.php';
