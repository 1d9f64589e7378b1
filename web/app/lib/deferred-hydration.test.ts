import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFERRED_MODULE_TYPE, deferHydration, withCompactManifest } from './deferred-hydration';

async function run(chunks: Buffer[], rewriteHead?: (head: string) => string): Promise<string> {
  return text(Readable.from(chunks).pipe(deferHydration(rewriteHead)));
}

const APP_SCRIPT =
  '<script nonce="n0nce" type="module" async="">import * as route0 from "/assets/root-1.js";\n' +
  'window.__reactRouterManifest = {\n  "entry": {\n    "module": "/assets/entry.client-2.js",\n    "imports": [\n' +
  '      "/assets/chunk-3.js"\n    ]\n  },\n  "note": "};"\n};\n  window.__reactRouterRouteModules = {"root":route0};\n' +
  'import("/assets/entry.client-2.js");</script>';
const PAGE =
  '<!DOCTYPE html><html><head><title>Zoë ❤</title><link rel="modulepreload" fetchpriority="low" href="/assets/root-1.js" nonce="n0nce"/>' +
  '<link rel="stylesheet" href="/s.css"/><link rel="modulepreload" href="/assets/chunk-3.js" nonce="n0nce"/></head>' +
  `<body><main><p>Zoë — ❤</p></main><script nonce="n0nce">window.ctx = {};</script>${APP_SCRIPT}` +
  '<script nonce="n0nce">window.data = 1;</script></body></html>';

describe('deferHydration', () => {
  it('takes the module preloads out of the head and keeps the rest of it', async () => {
    const out = await run([Buffer.from(PAGE)]);
    const head = out.slice(0, out.indexOf('</head>'));
    expect(head).not.toContain('modulepreload');
    expect(head).toContain('<title>Zoë ❤</title><link rel="stylesheet" href="/s.css"/>');
  });

  it('keeps the app’s module script inert, whole, followed by the script that runs it', async () => {
    const out = await run([Buffer.from(PAGE)]);
    expect(out).not.toContain('type="module"');
    expect(out).toContain(
      `<script nonce="n0nce" type="${DEFERRED_MODULE_TYPE}">import * as route0 from "/assets/root-1.js";`,
    );
    // The router's manifest, written without its indentation.
    expect(out).toContain(
      'window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-2.js","imports":["/assets/chunk-3.js"]},"note":"};"};\n',
    );
    // The head's preloads, in their order, are made once the first screen is shown.
    expect(out).toMatch(/import\("\/assets\/entry\.client-2\.js"\);<\/script><script nonce="n0nce">\(function\(p\)\{/);
    expect(out).toContain('})(["/assets/root-1.js","/assets/chunk-3.js"])</script>');
    expect(out).toContain('<script nonce="n0nce">window.ctx = {};</script>');
    const starter = /<script nonce="n0nce">(\(function\(p\)[^]*?)<\/script>/.exec(out)?.[1] ?? '';
    expect(() => new Function(starter)).not.toThrow();
    expect(out).toMatch(/<\/script><script nonce="n0nce">window\.data = 1;<\/script><\/body><\/html>$/);
  });

  describe('in the browser', () => {
    afterEach(() => {
      vi.restoreAllMocks();
      document.head.innerHTML = '';
      document.body.innerHTML = '';
    });

    /** Runs the page's starter script as a hidden tab would, where every look at the clock finds 3 ms gone. */
    async function startApp(page: string) {
      const out = await run([Buffer.from(page)]);
      const inert = new RegExp(`<script[^>]*type="${DEFERRED_MODULE_TYPE}">[^]*?</script>`).exec(out)?.[0] ?? '';
      const starter = /<script nonce="n0nce">(\(function\(p\)[^]*?)<\/script>/.exec(out)?.[1] ?? '';
      vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
      let now = 0;
      vi.spyOn(performance, 'now').mockImplementation(() => (now += 3));
      document.body.innerHTML = inert;
      const script = document.createElement('script');
      script.text = starter;
      document.body.append(script);
    }
    const preloads = () =>
      [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

    it('runs the app script and makes the preloads in their order, a few milliseconds’ worth per task', async () => {
      const modules = Array.from({ length: 9 }, (_, i) => `/assets/chunk-${i}.js`);
      await startApp(
        PAGE.replace(
          '</head>',
          `${modules.map((href) => `<link rel="modulepreload" href="${href}"/>`).join('')}</head>`,
        ),
      );
      expect(document.querySelector('script[type="module"]')?.textContent).toContain('import * as route0');
      // Within 4 ms: the first, then the second 3 ms on, and no more in this task.
      expect(preloads()).toEqual(['/assets/root-1.js', '/assets/chunk-3.js']);
      await vi.waitFor(() => expect(preloads()).toHaveLength(11));
      expect(preloads()).toEqual(['/assets/root-1.js', '/assets/chunk-3.js', ...modules]);
    });

    it('runs the app script of a page with nothing to preload, and preloads nothing', async () => {
      await startApp(PAGE.replace(/<link rel="modulepreload"[^>]*>/g, ''));
      expect(document.querySelector('script[type="module"]')?.textContent).toContain('import * as route0');
      // The first preloads are made with the app script, at once.
      expect(preloads()).toEqual([]);
    });
  });

  it('gives the same page whatever the chunks, even with a character or a tag cut in two', async () => {
    const whole = await run([Buffer.from(PAGE)]);
    const bytes = Buffer.from(PAGE);
    const cuts = [
      bytes.indexOf(Buffer.from('ë')) + 1,
      bytes.indexOf(Buffer.from('</head>')) + 3,
      bytes.indexOf(Buffer.from('type="module"')) + 4,
      bytes.indexOf(Buffer.from('</script>'), bytes.indexOf(Buffer.from('route0'))) + 2,
    ];
    const chunks = [0, ...cuts].map((start, i) => bytes.subarray(start, cuts[i] ?? bytes.length));
    expect(await run(chunks)).toBe(whole);
    const byteByByte = [...bytes].map((byte) => Buffer.from([byte]));
    expect(await run(byteByByte)).toBe(whole);
  });

  it('gives the page the title of its first heading, held until the heading has come', async () => {
    const page = PAGE.replace('<p>Zoë — ❤</p>', '<h1>Anna, 61</h1>');
    const cut = Buffer.from(page).indexOf(Buffer.from('61'));
    const out = await run([Buffer.from(page).subarray(0, cut), Buffer.from(page).subarray(cut)]);
    expect(out).toContain('<title>Anna, 61 · Zoë ❤</title>');
  });

  it('lets the caller rewrite the head', async () => {
    const out = await run([Buffer.from(PAGE)], (head) => head.replace('<title>', '<style>p{}</style><title>'));
    expect(out).toContain('<head><style>p{}</style><title>Zoë ❤</title>');
  });

  it('passes a page without a module script through unchanged', async () => {
    const page = '<html><head><title>x</title></head><body><p>a < b</p></body></html>';
    expect(await run([Buffer.from(page)])).toBe(page);
  });

  it('leaves a manifest that does not read as JSON as it is', () => {
    const script = 'window.__reactRouterManifest = {entry: {module: "/a.js"}};\nimport("/a.js");';
    expect(withCompactManifest(script)).toBe(script);
  });
});
