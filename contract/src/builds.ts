/*
 * Spec §7 update checks: an open tab asks which build the site runs now, to notice a deployment
 * even where no service worker announces one. Free of zod: every page loads it.
 */

export const LATEST_BUILD_PATH = '/builds/latest.json';
export const buildMetaPath = (id: string) => `/builds/meta/${encodeURIComponent(id)}.json`;

/** What both answer: the build's id (React Router's manifest version) and when this server started it. */
export interface BuildInfo {
  id: string;
  timestamp: string;
}
