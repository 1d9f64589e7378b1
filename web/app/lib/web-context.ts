import type { ServerApi, WebContext } from '@rendezvous/contract';

declare module 'react-router' {
  interface AppLoadContext {
    web: WebContext;
    /** Server rendering only: the API called in process as the visitor. */
    api: ServerApi;
  }
}

export type { ServerApi, WebContext };
