import { redirect, type AppLoadContext } from 'react-router';

/** Spec §2: the developer area redirects to / in production. */
export function requireDevTools({ context }: { context: AppLoadContext }) {
  if (!context.web.devTools) throw redirect('/');
  return null;
}
