import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { ServerApi, WebContext } from '@rendezvous/contract';
import {
  LATEST_BUILD_PATH,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  landerSlugOfPath,
  parseLanderSlug,
  type BuildInfo,
} from '@rendezvous/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import { clearSessionCookie, declareAccessInScope, type SessionCookieOptions } from '../../plugins/session.js';
import { SESSION_COOKIE, type SessionsRepository } from '../../platform/sessions/sessions.repository.js';
import { loadUser } from '../../platform/sessions/user.js';
import type { Catalogues } from '../../platform/i18n/catalogues.js';
import { detectLocale } from '../../platform/i18n/detect-locale.js';

/** The service worker the web build writes (web/vite.sw.config.ts), served from the root for scope `/`. */
const SERVICE_WORKER_FILE = 'sw.js';

/** What `web/server-entry.ts` exports once built. */
export interface WebServerEntry {
  handleRequest(request: Request, context: { web: WebContext; api: ServerApi }): Promise<Response>;
  /** The client build's id (web/server-entry.ts); absent in a build that predates update checks. */
  buildId?: string;
}

/** Where a banned or suspended member's next page request goes (the spec's ban page). */
export const BAN_PAGE_PATH = '/pages/ban';

export interface WebRoutesOptions {
  db: Db;
  sessions: SessionsRepository;
  cookie: SessionCookieOptions;
  catalogues: Catalogues;
  webBuildDir: string;
  devTools: boolean;
  allowPseudo: boolean;
  clientId: string;
  /** In development the Vite dev server supplies the entry (and hot reload); otherwise the build does. */
  loadEntry?: () => Promise<WebServerEntry>;
}

function toFetchRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value !== undefined) headers.set(name, value);
  }
  const url = `${request.protocol}://${request.host}${request.url}`;
  return new Request(url, { method: request.method, headers });
}

/** Request headers the in-process API calls carry over: who the visitor is and which site and language they asked for. */
const FORWARDED_HEADERS = ['cookie', 'accept-language', 'user-agent'] as const;

/**
 * The API as the page's visitor: route loaders read records through the real routes, so a page
 * answers the same 404 (unknown, deleted, banned, blocked, someone else's) the API does.
 */
function serverApiFor(app: FastifyInstance, request: FastifyRequest): ServerApi {
  const headers: Record<string, string> = { host: request.host, accept: 'application/json' };
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return {
    async get(path) {
      // From the visitor's own address, so per-client limits and the loopback-only mailbox see them, not us.
      const response = await app.inject({ method: 'GET', url: path, headers, remoteAddress: request.ip });
      const json = String(response.headers['content-type'] ?? '').includes('json');
      return { status: response.statusCode, body: json ? response.json<unknown>() : response.body };
    },
  };
}

/**
 * Spec §9: the language the page is in, detected from the browser's languages or chosen by a
 * lander's slug, is kept in the cookie, so later visits keep it when the browser sends other
 * languages. The page's own script used to write it as it hydrated; `document.cookie` is a
 * synchronous call to the browser, in the task that makes a phone wait for its first tap. (The
 * pseudo-locale comes only from this cookie, so it is never written here.) Not HttpOnly: the
 * language switcher writes it too.
 */
function keepLocale(request: FastifyRequest, reply: FastifyReply, locale: string, cookie: SessionCookieOptions) {
  if (request.cookies[LOCALE_COOKIE] === locale) return;
  reply.setCookie(LOCALE_COOKIE, locale, {
    path: '/',
    maxAge: LOCALE_COOKIE_MAX_AGE_S,
    sameSite: 'lax',
    secure: cookie.secure,
    httpOnly: false,
  });
}

async function sendFetchResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}

function staticCacheControl(relativePath: string): string {
  // Vite fingerprints everything under assets/, so those can be cached for good.
  if (relativePath.startsWith(`assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  // The browser asks for the worker again on every check for a new version, so a deployment shows at once.
  if (relativePath === SERVICE_WORKER_FILE) return 'no-cache';
  return 'public, max-age=3600';
}

/** Built assets, then server rendering of every other GET through React Router. */
export const webRoutes: FastifyPluginAsync<WebRoutesOptions> = async (app, options) => {
  const clientDir = path.join(options.webBuildDir, 'client');
  const loadEntry =
    options.loadEntry ??
    (() => import(pathToFileURL(path.join(options.webBuildDir, 'server', 'index.js')).href) as Promise<WebServerEntry>);
  const entry = options.loadEntry ? undefined : await loadEntry();

  if (entry?.buildId) {
    const build: BuildInfo = { id: entry.buildId, timestamp: new Date().toISOString() };
    // Spec §7: an open tab compares its build with the one deployed, and asks after that build's meta.
    app.get(LATEST_BUILD_PATH, { config: { access: 'public' } }, async (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').send(build),
    );
    app.get<{ Params: { file: string } }>(
      '/builds/meta/:file',
      { config: { access: 'public' } },
      async (request, reply) => {
        if (request.params.file !== `${build.id}.json`) throw notFound('No such build');
        return reply.header('Cache-Control', 'public, max-age=31536000, immutable').send(build);
      },
    );
  }

  if (!options.loadEntry) {
    declareAccessInScope(app, 'public');
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders(staticReply, filePath) {
        staticReply.header('Cache-Control', staticCacheControl(path.relative(clientDir, filePath)));
      },
    });
  }

  app.get<{ Params: { '*': string } }>('/*', { config: { access: 'optional', page: true } }, async (request, reply) => {
    // Unknown API, catalogue and media paths answer in JSON, never with a page. The router's
    // decoded path, not the raw URL, so `/%61pi/…` and `//api/…` are known for what they are.
    if (/^\/*(api|_i18n|media)\//.test(request.params['*'])) {
      throw notFound(`No route for GET ${request.url.split('?')[0]}`);
    }
    // A lander's slug names the language its campaign was bought for, and wins over cookie and
    // browser; a slug that names none still lands paid traffic in the site's own language.
    const slug = landerSlugOfPath(`/${request.params['*']}`);
    const locale =
      slug !== null
        ? (parseLanderSlug(slug)?.locale ?? request.site.config.domain_language)
        : detectLocale(request.cookies[LOCALE_COOKIE], request.headers['accept-language'], options.allowPseudo);
    const page = /^\/*console(\/|$)/.test(request.params['*']) ? 'console' : 'members';
    const token = request.cookies[SESSION_COOKIE];
    if (
      page === 'members' &&
      !request.member &&
      token &&
      (await options.sessions.takeRestricted(token, request.site.id))
    ) {
      clearSessionCookie(reply, options.cookie);
      return reply.redirect(BAN_PAGE_PATH, 303);
    }
    keepLocale(request, reply, locale, options.cookie);
    const web: WebContext = {
      settings: request.settings,
      user: request.member
        ? await loadUser(options.db, request.member, { fictionalIcon: request.site.config.fictional_icon })
        : null,
      locale,
      i18n: { hash: options.catalogues.hash, messages: options.catalogues.forPage(locale, page) },
      csrfToken: request.csrfToken,
      cspNonce: reply.pageNonces(),
      devTools: options.devTools,
      clientId: options.clientId,
    };
    const handler = entry ?? (await loadEntry());
    const response = await handler.handleRequest(toFetchRequest(request), { web, api: serverApiFor(app, request) });
    return sendFetchResponse(reply, response);
  });
};
