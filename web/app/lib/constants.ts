/** Spec §9 constants used by the web app, named once. */
export const USER_POLL_INTERVAL_MS = 60_000;
export const USER_POLL_INTERVAL_WITH_PUSH_MS = 300_000;
/** Chats and likes are polled as often as the user, starting this long after the user polling. */
export const CHATS_LIKES_POLL_INTERVAL_MS = 60_000;
export const CHATS_LIKES_POLL_INTERVAL_WITH_PUSH_MS = 300_000;
export const CHATS_LIKES_POLL_DELAY_MS = 1_000;
export const LOGOUT_FLAG_RESET_MS = 1_000;
/** Spec §9: the push service worker version, registered as /sw.js?v=2 (web/public/sw.js). */
export const PUSH_WORKER_VERSION = 2;
/** Durations written in minutes, here and in tests, use this one name. */
export const MINUTE_MS = 60_000;
/** Spec §8/§9: after a failed chunk load the page reloads, at most once in this long. */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
