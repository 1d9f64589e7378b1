import { useRouteLoaderData } from 'react-router';
import type { PageWebContext } from './web-context';

/** The site settings, user and CSRF token the server rendered this page with. */
export function useWebContext(): PageWebContext {
  const web = useRouteLoaderData<PageWebContext>('root');
  if (!web) throw new Error('The root loader data is missing');
  return web;
}
