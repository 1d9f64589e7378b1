import type { DatePattern, PatternedFormat } from './date-patterns';
import {
  countryCodeOf,
  type PublicSettings,
  type ServerApi,
  type Settings,
  type WebContext,
} from '@rendezvous/contract';

declare module 'react-router' {
  interface AppLoadContext {
    web: WebContext;
    /** Server rendering only: the API called in process as the visitor. */
    api: ServerApi;
    /**
     * A page request (not the router's `.data` request): the root loader leaves the page's web
     * context here, and the page carries it in its own script element (`WEB_CONTEXT_ELEMENT_ID`).
     */
    inPage?: { web?: PageWebContext };
  }
}

export type { ServerApi, WebContext };

/**
 * The settings as a page has them: the regions only where its first screen has a region field
 * (issue 17: they were a twentieth of every first HTML); elsewhere `useSiteRegions` asks for them.
 */
export type PageSettings = Omit<PublicSettings, 'region_data' | ServerOnlySetting> &
  Partial<Pick<PublicSettings, 'region_data'>>;

/**
 * Settings only the server uses (prices and payments, what the content pages' texts are written
 * from, the search's own rules): the first HTML leaves them out (issue 17).
 */
export const SERVER_ONLY_SETTINGS = [
  'credit_packages',
  'payment_routing',
  'premium',
  'minimum_message_costs',
  'company_tradenames',
  'company_vat_numbers',
  'support_phone',
  'member_resell',
  'search_fields',
  'message_credits',
  'welcome_credits',
  'domain',
] as const satisfies readonly (keyof Settings)[];
type ServerOnlySetting = (typeof SERVER_ONLY_SETTINGS)[number];

/**
 * The settings as a page has them, without the region data (which a page with a region field
 * adds), and the company's country by its code where it is one we recognise: finding the code of
 * a name ("Netherlands") makes the browser name every country in English first.
 */
export function pageSettings({ region_data: _regions, ...settings }: Settings): PageSettings {
  const page: Partial<Settings> = {
    ...settings,
    company_country: countryCodeOf(settings.company_country) ?? settings.company_country,
  };
  for (const key of SERVER_ONLY_SETTINGS) delete page[key];
  return page as PageSettings;
}

/**
 * The web context as the root loader hands it to the page: the settings without the server's own
 * part, and the catalogue entries of the route opened (issue 17: the first HTML carries them; the
 * root works out which from the address).
 */
export type PageWebContext = Omit<WebContext, 'settings'> & {
  settings: PageSettings;
  /**
   * The countries the first screen names (the company's in the footer, the site's beside a region
   * field or on member cards) in the page's language, by code: the browser's first Intl object
   * loads its locale data, a long task on a phone as the page hydrates (issue 17). Any other
   * country is named by the browser.
   */
  country_names?: Record<string, string>;
  /**
   * The page's date formats as patterns (`date-patterns.ts`) where its first screen shows times
   * (chats, notifications, the credits ledger), for the same reason: the browser fills them
   * without loading its own locale data.
   */
  date_patterns?: Partial<Record<PatternedFormat, DatePattern>>;
};

/**
 * What the root loader answers: the page's web context as one JSON text. The router's stream
 * format writes each of the catalogue's many short strings as an entry of its own, which gzips
 * a third worse than the same data as JSON (issue 17: 6.1 KB against 4.6 KB in the home page's
 * first HTML). A page's first HTML does better still: the loader answers `WEB_CONTEXT_IN_PAGE`
 * and the JSON goes in a script element of its own, where it is not escaped twice over (a string
 * in the stream's JSON, inside a JavaScript string): 0.3 KB gzipped less on every page.
 */
export type PackedWebContext = { json: string } | typeof WEB_CONTEXT_IN_PAGE;

export const WEB_CONTEXT_IN_PAGE = { inPage: true } as const;
export const WEB_CONTEXT_ELEMENT_ID = 'rendezvous-web-context';

export function packWebContext(web: PageWebContext): { json: string } {
  return { json: JSON.stringify(web) };
}

/** The web context as the text of a `<script type="application/json">`: nothing in it can end the element. */
export function webContextScriptText(web: PageWebContext): string {
  return JSON.stringify(web).replace(/</g, '\\u003c');
}

// One object per answer, so every component reading it gets the same settings and user.
const unpacked = new WeakMap<{ json: string }, PageWebContext>();

export function unpackWebContext(packed: { json: string }): PageWebContext {
  let web = unpacked.get(packed);
  if (!web) {
    web = JSON.parse(packed.json) as PageWebContext;
    unpacked.set(packed, web);
  }
  return web;
}

let inThisPage: { text: string; web: PageWebContext } | null | undefined;

/**
 * In the browser: the web context the page came with, read from its script element once; null
 * where the page has none (its root loader answered JSON, as in tests).
 */
export function webContextInThisPage(): { text: string; web: PageWebContext } | null {
  if (inThisPage === undefined) {
    const text = document.getElementById(WEB_CONTEXT_ELEMENT_ID)?.textContent;
    inThisPage = text ? { text, web: JSON.parse(text) as PageWebContext } : null;
  }
  return inThisPage;
}
