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
import { OFFLINE_DIR, offlinePagePath } from './app/lib/worker-protocol.js';

const CLIENT_DIR = path.resolve(import.meta.dirname, 'build/client');
/** The bundled worker before its precache list goes in; outside the client build, so never served. */
const WORKER_DIR = path.resolve(import.meta.dirname, 'build/worker');
const OFFLINE_CSS = `/${OFFLINE_DIR}/offline.css`;
const WORKER_ENTRY = path.resolve(import.meta.dirname, 'sw/sw.ts');
/** One classic script: a worker registered without `type: 'module'` cannot import chunks. */
const WORKER_OUTPUT = { format: 'iife', entryFileNames: 'sw.js' } as const;

type Catalogue = { [key: string]: string | Catalogue };

function offlineText(locale: Locale): Record<'title' | 'body' | 'retry', string> {
  const catalogue = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, `locales/${locale}.json`), 'utf8'),
  ) as Catalogue;
  const offline = catalogue.offline as Record<'title' | 'body' | 'retry', string>;
  return { title: escapeHtml(offline.title), body: escapeHtml(offline.body), retry: escapeHtml(offline.retry) };
}

/**
 * A page that needs nothing but itself and its stylesheet. Its link has no address, so it reloads
 * whatever address the visitor was trying to open.
 */
function offlinePage(locale: Locale): string {
  const text = offlineText(locale);
  return `<!doctype html>
<html lang="${REGIONAL_CODES[locale]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${text.title}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${OFFLINE_CSS}">
</head>
<body>
<main>
<img src="/favicon.svg" alt="" width="64" height="64">
<h1>${text.title}</h1>
<p>${text.body}</p>
<a href="">${text.retry}</a>
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
      const { count, size, warnings } = await injectManifest({
        swSrc: path.join(WORKER_DIR, 'sw.js'),
        swDest: path.join(CLIENT_DIR, 'sw.js'),
        globDirectory: CLIENT_DIR,
        globPatterns: ['assets/**/*.{js,css}', `${OFFLINE_DIR}/*.{html,css}`, 'favicon.svg'],
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
