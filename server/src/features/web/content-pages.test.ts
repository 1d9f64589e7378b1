import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ViteDevServer } from 'vite';
import { createTestApp } from '../../test/fixtures.js';
import type { WebServerEntry } from './web.routes.js';

const webRoot = fileURLToPath(new URL('../../../../web', import.meta.url));

/**
 * The real route modules rendered from source through Vite, as `npm run dev` does: the content
 * pages' text is in the first HTML, before any script runs, whether or not a build exists.
 */
describe('content pages rendered on the server', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let vite: ViteDevServer;

  beforeAll(async () => {
    const { createServer } = await import('vite');
    // web/vite.config.ts swaps React Router's plugin for plain React under Vitest (for component
    // tests); this server must be the app's own, so the config is read as outside a test.
    const vitest = process.env.VITEST;
    delete process.env.VITEST;
    try {
      vite = await createServer({
        root: webRoot,
        configFile: path.join(webRoot, 'vite.config.ts'),
        server: { middlewareMode: true, hmr: false, watch: null },
        appType: 'custom',
        logLevel: 'silent',
      });
    } finally {
      process.env.VITEST = vitest;
    }
    const loadEntry = () => vite.ssrLoadModule(path.join(webRoot, 'server-entry.ts')) as Promise<WebServerEntry>;
    t = await createTestApp('sqlite', {
      web: { loadEntry, middlewares: vite.middlewares },
      env: { LOG_LEVEL: 'error' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await vite?.close();
  });

  it('sends the terms with the company from the site settings and a table of contents', async () => {
    const response = await t.app.inject({ url: '/pages/terms', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    // The test site's company (fixtures.ts), escaped into the text by the server.
    expect(html).toContain('Test B.V.');
    expect(html).toContain('Teststraat 1');
    expect(html).toContain('<h2 id="fictional-profiles" tabindex="-1">');
    expect(html).toContain('href="#usage-rules"');
  });

  it('sends the page in the language of the cookie', async () => {
    const response = await t.app.inject({
      url: '/pages/privacy',
      headers: { accept: 'text/html', cookie: 'i18n_redirected=de' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<h1[^>]*>Datenschutzerklärung<\/h1>/);
    expect(response.body).toContain('<html lang="de-DE"');
    expect(response.body).toContain('Autoriteit Persoonsgegevens');
  });

  it('carries the page’s web context in a script element of its own, and the router’s data request in its answer', async () => {
    const page = await t.app.inject({ url: '/pages/terms', headers: { accept: 'text/html' } });
    const element = /<script id="rendezvous-web-context" type="application\/json">([^<]*)<\/script>/.exec(page.body);
    const web = JSON.parse(element?.[1] ?? 'null') as { settings: { name: string }; csrfToken: string } | null;
    expect(web?.settings.name).toMatch(/^Site /);
    expect(web?.csrfToken).toEqual(expect.any(String));
    // Not a second time in the router's stream.
    const stream = page.body.slice(page.body.indexOf('streamController.enqueue'));
    expect(stream).not.toContain('csrfToken');

    const data = await t.app.inject({ url: '/pages/terms.data?_routes=root' });
    expect(data.statusCode).toBe(200);
    expect(data.body).toContain('csrfToken');
  });

  it('answers an unknown content page with the not-found page', async () => {
    const response = await t.app.inject({ url: '/pages/nothing', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
  });
});
