/**
 * The service worker's build, run after `react-router build` (web/package.json): bundles
 * sw/sw.ts, writes the offline pages, then lets Serwist list the client build's files in it.
 * Its own config because the worker is one classic script, not part of the app's module graph.
 */
import fs from 'node:fs';
import path from 'node:path';
import { escapeHtml, LOCALES, REGIONAL_CODES, type Locale } from '@rendezvous/contract';
import { injectManifest } from '@serwist/build';
import { build, defineConfig, type Plugin } from 'vite';
import {
  OFFLINE_DIR,
  OFFLINE_SCRIPT,
  OFFLINE_TEXT_ID,
  offlinePagePath,
  type OfflinePageText,
} from './app/lib/worker-protocol.js';

const CLIENT_DIR = path.resolve(import.meta.dirname, 'build/client');
/** The bundled worker before its precache list goes in; outside the client build, so never served. */
const WORKER_DIR = path.resolve(import.meta.dirname, 'build/worker');
const OFFLINE_CSS = `/${OFFLINE_DIR}/offline.css`;
const WORKER_ENTRY = path.resolve(import.meta.dirname, 'sw/sw.ts');
const OFFLINE_PAGE_ENTRY = path.resolve(import.meta.dirname, 'app/offline-page.ts');
/** One classic script: a worker registered without `type: 'module'` cannot import chunks. */
const WORKER_OUTPUT = { format: 'iife', entryFileNames: 'sw.js' } as const;

type Catalogue = { [key: string]: string | Catalogue };

function catalogueOf(locale: Locale): Catalogue {
  return JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `locales/${locale}.json`), 'utf8')) as Catalogue;
}

type OfflineMessages = Record<'title' | 'body' | 'retry', string> & Omit<OfflinePageText, 'messages_label'>;

/** The script's texts as JSON inside the page: `<` escaped, so no text can close the element. */
function scriptText(offline: OfflineMessages, chats: Record<string, string>): string {
  const text: OfflinePageText = {
    saved: offline.saved,
    profile_title: offline.profile_title,
    chats_title: offline.chats_title,
    messages_label: chats.messages_label ?? '',
    write_label: offline.write_label,
    send: offline.send,
    waiting: offline.waiting,
    no_messages: offline.no_messages,
    nothing_saved: offline.nothing_saved,
    you: offline.you,
  };
  return JSON.stringify(text).replaceAll('<', '\\u003c');
}

/**
 * A page that needs nothing but itself, its stylesheet and its script, which adds what the device
 * kept of the member's chats. Its link has no address, so it reloads whatever address the visitor
 * was trying to open.
 */
function offlinePage(locale: Locale): string {
  const catalogue = catalogueOf(locale);
  const offline = catalogue.offline as OfflineMessages;
  return `<!doctype html>
<html lang="${REGIONAL_CODES[locale]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${escapeHtml(offline.title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${OFFLINE_CSS}">
<script type="application/json" id="${OFFLINE_TEXT_ID}">${scriptText(offline, catalogue.chats as Record<string, string>)}</script>
<script src="/${OFFLINE_DIR}/${OFFLINE_SCRIPT}" defer></script>
</head>
<body>
<main>
<img src="/favicon.svg" alt="" width="64" height="64">
<h1>${escapeHtml(offline.title)}</h1>
<p>${escapeHtml(offline.body)}</p>
<a href="">${escapeHtml(offline.retry)}</a>
<div id="offline-app"></div>
</main>
</body>
</html>
`;
}

interface ManifestRoute {
  id: string;
  module: string;
  imports?: string[];
  css?: string[];
}

/**
 * The files only the operator console needs, read from React Router's client manifest: members
 * never open /console, so their phones should not download it with the app. A file a member page
 * shares with the console stays.
 */
function consoleOnlyFiles(): string[] {
  const assets = path.join(CLIENT_DIR, 'assets');
  const manifestFile = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!manifestFile) throw new Error('The client build has no React Router manifest');
  const source = fs.readFileSync(path.join(assets, manifestFile), 'utf8');
  const manifest = JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1)) as {
    entry: { module: string; imports: string[]; css: string[] };
    routes: Record<string, ManifestRoute>;
  };
  const filesOf = (route: Pick<ManifestRoute, 'module' | 'imports' | 'css'>) => [
    route.module,
    ...(route.imports ?? []),
    ...(route.css ?? []),
  ];
  const routes = Object.values(manifest.routes);
  const isConsole = (route: ManifestRoute) => route.id === 'console' || route.id.startsWith('console-');
  const forMembers = new Set([
    ...filesOf(manifest.entry),
    ...routes.filter((route) => !isConsole(route)).flatMap(filesOf),
  ]);
  const consoleOnly = new Set(
    routes
      .filter(isConsole)
      .flatMap(filesOf)
      .filter((file) => !forMembers.has(file)),
  );
  return [...consoleOnly].map((file) => file.replace(/^\//, ''));
}

function precacheManifest(): Plugin {
  return {
    name: 'rendezvous-precache-manifest',
    apply: 'build',
    async writeBundle() {
      fs.mkdirSync(path.join(CLIENT_DIR, OFFLINE_DIR), { recursive: true });
      for (const locale of LOCALES) {
        fs.writeFileSync(path.join(CLIENT_DIR, offlinePagePath(locale)), offlinePage(locale));
      }
      fs.copyFileSync(path.resolve(import.meta.dirname, 'sw/offline.css'), path.join(CLIENT_DIR, OFFLINE_CSS));
      await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        build: {
          outDir: path.join(CLIENT_DIR, OFFLINE_DIR),
          emptyOutDir: false,
          rolldownOptions: { input: OFFLINE_PAGE_ENTRY, output: { format: 'iife', entryFileNames: OFFLINE_SCRIPT } },
        },
      });
      const { count, size, warnings } = await injectManifest({
        swSrc: path.join(WORKER_DIR, 'sw.js'),
        swDest: path.join(CLIENT_DIR, 'sw.js'),
        globDirectory: CLIENT_DIR,
        globPatterns: ['assets/**/*.{js,css}', `${OFFLINE_DIR}/*.{html,css,js}`, 'favicon.svg'],
        globIgnores: consoleOnlyFiles(),
        // Vite puts a content hash in every name under assets/, so the name alone is the revision.
        dontCacheBustURLsMatching: /^assets\//,
      });
      for (const warning of warnings) this.warn(warning);
      this.info(`the service worker precaches ${count} files, ${Math.round(size / 1024)} KB`);
    },
  };
}

/**
 * `npm run dev` has no client build to precache, so there the worker is bundled on each request
 * with an empty list: push and the update flow work in development as they do in production.
 */
export function devServiceWorker(): Plugin {
  return {
    name: 'rendezvous-dev-service-worker',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (request.url?.split('?')[0] !== '/sw.js') return next();
        build({
          configFile: false,
          logLevel: 'warn',
          publicDir: false,
          define: { 'self.__SW_MANIFEST': '[]' },
          build: { write: false, sourcemap: 'inline', rolldownOptions: { input: WORKER_ENTRY, output: WORKER_OUTPUT } },
        })
          .then((result) => {
            const outputs = Array.isArray(result) ? result : [result];
            const worker = outputs
              .flatMap((output) => ('output' in output ? output.output : []))
              .find((file) => file.type === 'chunk');
            if (!worker) throw new Error('The service worker bundle came out empty');
            response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
            response.setHeader('Cache-Control', 'no-cache');
            response.end(worker.code);
          })
          .catch(next);
      });
    },
  };
}

export default defineConfig({
  publicDir: false,
  plugins: [precacheManifest()],
  build: {
    outDir: WORKER_DIR,
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: { input: WORKER_ENTRY, output: WORKER_OUTPUT },
  },
});
