import type { WebContext } from '@rendezvous/contract';
import { useRouteLoaderData } from 'react-router';

/** The site settings, user and CSRF token the server rendered this page with. */
export function useWebContext(): WebContext {
  const web = useRouteLoaderData<WebContext>('root');
  if (!web) throw new Error('The root loader data is missing');
  return web;
}
