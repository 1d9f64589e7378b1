/**
 * The server bundle's entry: one fetch-style handler the Fastify server loads
 * from `build/server/index.js`, so React Router stays a dependency of the web
 * app alone (the server never imports web code, only this built artefact).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRequestHandler, type AppLoadContext } from 'react-router';
import * as build from 'virtual:react-router/server-build';
import { serveCriticalCssFrom } from './app/lib/critical-css';

// Built, this file is build/server/index.js; the stylesheets it inlines from are the client's.
// Vite's development server runs it from source, with its styles as modules: nothing to inline.
if (import.meta.env.PROD) {
  const clientDir = fileURLToPath(new URL('../client/', import.meta.url));
  // Built anywhere else, every public page would quietly go without its critical CSS.
  if (!existsSync(clientDir)) throw new Error(`The server bundle expects the client's build at ${clientDir}`);
  serveCriticalCssFrom(clientDir);
}

const handler = createRequestHandler(build, process.env.NODE_ENV);

/** The build's id, as the client's manifest names it: what /builds/latest.json answers (spec §7). */
export const buildId: string = build.assets.version;

/** The router's own requests for a route's data end in `.data`; any other is a page's. */
const DATA_REQUEST = /\.data$/;

export function handleRequest(request: Request, context: AppLoadContext): Promise<Response> {
  const page = !DATA_REQUEST.test(new URL(request.url).pathname);
  return handler(request, page ? { ...context, inPage: {} } : context);
}
