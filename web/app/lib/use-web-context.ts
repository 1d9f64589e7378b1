import { createContext, useContext } from 'react';
import { useRouteLoaderData } from 'react-router';
import {
  unpackWebContext,
  webContextInThisPage,
  webContextScriptText,
  type PackedWebContext,
  type PageWebContext,
} from './web-context';

/** Server rendering of a page: its web context, which the root loader left in the load context (entry.server.tsx). */
export const RenderedWebContext = createContext<PageWebContext | undefined>(undefined);

/** The web context, or undefined when the root loader failed (the error page still renders). */
export function useOptionalWebContext(): PageWebContext | undefined {
  const packed = useRouteLoaderData<PackedWebContext>('root');
  const rendered = useContext(RenderedWebContext);
  if (!packed) return undefined;
  if ('json' in packed) return unpackWebContext(packed);
  const web = rendered ?? webContextInThisPage()?.web;
  if (!web) throw new Error('The page carries no web context');
  return web;
}

/** The site settings, user and CSRF token the server rendered this page with. */
export function useWebContext(): PageWebContext {
  const web = useOptionalWebContext();
  if (!web) throw new Error('The root loader data is missing');
  return web;
}

/** The text of the page's web-context element: the server writes it, the browser keeps what it read. */
export function useWebContextScriptText(): string | undefined {
  const rendered = useContext(RenderedWebContext);
  if (rendered) return webContextScriptText(rendered);
  return typeof document === 'undefined' ? undefined : webContextInThisPage()?.text;
}
