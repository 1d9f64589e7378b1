/*
 * zod 4 compiles object parsers with `new Function` unless told not to, and probes for it when a
 * schema is built. The page's Content-Security-Policy forbids eval, so the browser reports the
 * probe as a violation (a console error) even though zod catches it. Imported first by the root
 * route, which React Router evaluates before any other module of the page; the server keeps the JIT.
 *
 * This is what `z.config({ jitless: true })` does, written to the global object zod keeps its
 * config in (zod/v4/core/core.js) before zod loads: importing `config` from zod would put zod's
 * core into the root's chunk, and the build's zod chunk with it, on every page.
 * `zod-jitless.test.ts` checks that zod reads it.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

// Changed in place, not replaced: a zod that loaded first holds on to this very object.
if (!import.meta.env.SSR) (globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
