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
 * The web context as the root loader hands it to the page: the settings without the server's own
 * part, and the catalogue namespaces of the route opened (issue 17: the first HTML carries it).
 */
export type PageWebContext = Omit<WebContext, 'settings'> & { settings: PublicSettings };
