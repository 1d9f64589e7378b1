import type { AppLoadContext } from 'react-router';
import { notFoundResponse } from '../../lib/server-record';

/** Development pages (the local mailbox) exist only outside production; there they are not found. */
export function requireDevTools({ context }: { context: AppLoadContext }) {
  if (!context.web.devTools) throw notFoundResponse();
  return null;
}
