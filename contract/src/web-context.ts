import type { Locale } from './locales.js';
import type { Settings } from './settings.js';
import type { User } from './user.js';

export type Catalogue = { [key: string]: string | Catalogue };

/**
 * What the server hands the web app for each rendered request (React Router's
 * load context). The root loader passes it on, so the first HTML already holds
 * the right site, user and language with no extra round trip.
 */
export interface WebContext {
  settings: Settings;
  user: User | null;
  locale: Locale | 'pseudo';
  i18n: { hash: string; messages: Catalogue };
  csrfToken: string;
  /** Per-response Content-Security-Policy nonces for inline scripts and styles. */
  cspNonce: { script: string; style: string };
  /** Development pages (the local mailbox at /dev/mailbox) exist only outside production. */
  devTools: boolean;
  /** `name@version` sent with every API call (spec §7). */
  clientId: string;
}

/** A JSON API answer as the server renderer sees it: the status decides, the body is checked by the caller. */
export interface ServerApiResponse {
  status: number;
  body: unknown;
}

/**
 * The API called in process during server rendering, as the visitor (their cookies and host), so
 * route loaders get the same answers, access checks and 404s as the browser would, with no
 * network hop and without the web importing server code.
 */
export interface ServerApi {
  get(path: string): Promise<ServerApiResponse>;
}
