import type { WebContext } from '@rendezvous/contract';

declare module 'react-router' {
  interface AppLoadContext {
    web: WebContext;
  }
}

export type { WebContext };
