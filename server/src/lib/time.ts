/** Durations in milliseconds, named once for the server; spec §9's intervals are built from them. */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
