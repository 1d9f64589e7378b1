import { useRouteLoaderData } from 'react-router';
import { unpackWebContext, type PackedWebContext, type PageWebContext } from './web-context';

/** The web context, or undefined when the root loader failed (the error page still renders). */
export function useOptionalWebContext(): PageWebContext | undefined {
  const packed = useRouteLoaderData<PackedWebContext>('root');
  return packed ? unpackWebContext(packed) : undefined;
}

/** The site settings, user and CSRF token the server rendered this page with. */
export function useWebContext(): PageWebContext {
  const web = useOptionalWebContext();
  if (!web) throw new Error('The root loader data is missing');
  return web;
}
