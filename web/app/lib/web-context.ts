import type { PublicSettings, ServerApi, WebContext } from '@rendezvous/contract';

declare module 'react-router' {
  interface AppLoadContext {
    web: WebContext;
    /** Server rendering only: the API called in process as the visitor. */
    api: ServerApi;
  }
}

export type { ServerApi, WebContext };

/**
 * The settings as a page has them: the regions only where its first screen has a region field
 * (issue 17: they were a twentieth of every first HTML); elsewhere `useSiteRegions` asks for them.
 */
export type PageSettings = Omit<PublicSettings, 'region_data'> & Partial<Pick<PublicSettings, 'region_data'>>;

/**
 * The web context as the root loader hands it to the page: the settings without the server's own
 * part, and the catalogue entries of the route opened (issue 17: the first HTML carries them; the
 * root works out which from the address).
 */
export type PageWebContext = Omit<WebContext, 'settings'> & { settings: PageSettings };

/**
 * What the root loader answers: the page's web context as one JSON text. The router's stream
 * format writes each of the catalogue's many short strings as an entry of its own, which gzips
 * a third worse than the same data as JSON (issue 17: 6.1 KB against 4.6 KB in the home page's
 * first HTML).
 */
export interface PackedWebContext {
  json: string;
}

export function packWebContext(web: PageWebContext): PackedWebContext {
  return { json: JSON.stringify(web) };
}

// One object per answer, so every component reading it gets the same settings and user.
const unpacked = new WeakMap<PackedWebContext, PageWebContext>();

export function unpackWebContext(packed: PackedWebContext): PageWebContext {
  let web = unpacked.get(packed);
  if (!web) {
    web = JSON.parse(packed.json) as PageWebContext;
    unpacked.set(packed, web);
  }
  return web;
}
