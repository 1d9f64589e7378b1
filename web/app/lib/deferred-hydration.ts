import { Transform, type TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { headingEnd, withHeadingTitle } from './heading-title';
import { HYDRATED_EVENT, HYDRATING_EVENT } from './hydration-events';

const HEAD_END = '</head>';
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const HREF = / href="([^"]+)"/;
const MODULE_SCRIPT = /<script([^>]*) type="module"([^>]*)>/;
const SCRIPT_END = '</script>';
/** The type that keeps the app's module script in the page without running it. */
export const DEFERRED_MODULE_TYPE = 'text/x-deferred-module';

/**
 * A preload costs the page's main thread a millisecond or more on a phone (a fetch begun, a module
 * found in the cache compiled at once): 50 to 80 of them in one go made the longest task of the
 * page's start, and even eight at a time took 15 to 35 ms each on a desktop, a long task on a
 * phone. So each task makes preloads for this long at most (at least one), the first with the
 * app's script.
 */
const PRELOAD_MS_PER_TASK = 4;

/**
 * Runs the app's module script once the first screen is on the glass: after the first paint with
 * content (text, as the first stylesheet and fonts allow), and where the page has a photo it asked
 * for first (`fetchpriority="high"`), after that photo has come too; in any case within a second
 * and a half. It then runs the script as it was written, and preloads the modules the router's
 * `<link rel="modulepreload">` tags in the head named, a few milliseconds' worth per task, so the
 * browser fetches the modules the script imports at once, not each only once the module importing
 * it has come. A hidden tab paints nothing, so it starts at once. Meanwhile it keeps the last
 * button tapped, and taps it again once the app has hydrated (`hydration-events.ts`).
 */
// Sent with every page, so written small: `p` the modules to preload, `a` the inert app script,
// `t` the button tapped, `go` whether the app has started.
const START_APP =
  '(function(p){' +
  `var d=document,s=d.currentScript,a=d.querySelector('script[type="${DEFERRED_MODULE_TYPE}"]'),t,go,o={once:true};` +
  "function keep(e){var b=e.target.closest&&e.target.closest('button[type=button]');if(b)t=b}" +
  "d.addEventListener('click',keep,true);" +
  `d.addEventListener('${HYDRATING_EVENT}',function(){d.removeEventListener('click',keep,true)},o);` +
  `d.addEventListener('${HYDRATED_EVENT}',function(){t&&t.isConnected&&t.click()},o);` +
  'function start(){if(go)return;go=1;' +
  "var m=d.createElement('script');m.type='module';m.nonce=s.nonce;m.text=a.text;a.replaceWith(m);" +
  'p.length&&(function more(i){var n=performance.now(),l;' +
  "do{l=d.createElement('link');l.rel='modulepreload';l.href=p[i++];l.nonce=s.nonce;d.head.append(l)}" +
  `while(i<p.length&&performance.now()-n<${PRELOAD_MS_PER_TASK});if(i<p.length)setTimeout(more,0,i)})(0)}` +
  'function painted(){requestAnimationFrame(function(){setTimeout(start)})}' +
  "function photo(){var i=d.querySelector('img[fetchpriority=high]');if(!i||i.complete)return painted();" +
  "i.addEventListener('load',painted,o);i.addEventListener('error',start,o)}" +
  "if(d.visibilityState=='hidden')return start();setTimeout(start,1500);" +
  "if(performance.getEntriesByName('first-contentful-paint').length)return photo();" +
  "new PerformanceObserver(function(l,b){if(l.getEntriesByName('first-contentful-paint').length){b.disconnect();photo()}})" +
  ".observe({type:'paint',buffered:true})})";

/**
 * The router's page asks for every module of the app before anything is painted: a preload per
 * module in <head> and a module script that imports the route modules. On a phone on a slow line
 * those downloads share it with the page's text and first photo, and hydration cannot start before
 * the page is visible anyway, as the server rendered it whole. So the head loses the preloads, the
 * module script is kept inert, and a small script after it runs it once the first screen is shown.
 *
 * The head is held until complete and the page's first heading has come, whose words its title
 * takes (both arrive in one piece with the shell); after it only the module script is held, until
 * its end, and everything else passes through untouched.
 */
export function deferHydration(rewriteHead: (head: string) => string = (head) => head): Transform {
  // A character split between two chunks must not be cut in half.
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let preloads: string[] = [];
  let state: 'head' | 'body' | 'script' | 'done' = 'head';

  const step = (last = false): string => {
    let out = '';
    for (;;) {
      if (state === 'head') {
        const end = pending.indexOf(HEAD_END);
        if (end === -1) return out;
        // The title names the page's first heading, which comes with the shell, before the app's script.
        const body = pending.slice(end);
        if (!last && headingEnd(body) === -1 && !MODULE_SCRIPT.test(body)) return out;
        const head = takeModulePreloads(rewriteHead(withHeadingTitle(pending.slice(0, end), body)));
        out += head.rest;
        preloads = head.preloads;
        pending = pending.slice(end);
        state = 'body';
      } else if (state === 'body') {
        const found = MODULE_SCRIPT.exec(pending);
        if (!found) {
          // Keep a tag that may be cut in two by the chunk's end.
          const lastOpen = pending.lastIndexOf('<');
          const keep = lastOpen !== -1 && !pending.includes('>', lastOpen) ? lastOpen : pending.length;
          out += pending.slice(0, keep);
          pending = pending.slice(keep);
          return out;
        }
        out += pending.slice(0, found.index);
        pending = pending.slice(found.index);
        state = 'script';
      } else if (state === 'script') {
        const end = pending.indexOf(SCRIPT_END);
        if (end === -1) return out;
        out += deferModuleScript(pending.slice(0, end + SCRIPT_END.length), preloads);
        pending = pending.slice(end + SCRIPT_END.length);
        state = 'done';
      } else {
        out += pending;
        pending = '';
        return out;
      }
    }
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      pending += decoder.write(chunk);
      const out = step();
      callback(null, out || undefined);
    },
    flush(callback: TransformCallback) {
      pending += decoder.end();
      const out = step(true) + pending;
      callback(null, out || null);
    },
  });
}

/** The head without its module preloads, and the modules they named, in their order. */
function takeModulePreloads(head: string): { rest: string; preloads: string[] } {
  const preloads: string[] = [];
  const rest = head.replace(MODULE_PRELOAD, (link) => {
    const href = HREF.exec(link)?.[1];
    if (href) preloads.push(href);
    return '';
  });
  return { rest, preloads };
}

/** The module script, kept as it is but inert, and the script that runs it after the first screen. */
function deferModuleScript(script: string, preloads: string[]): string {
  const tag = MODULE_SCRIPT.exec(script);
  if (!tag) return script;
  const [opening, before = '', after = ''] = tag;
  const nonce = / nonce="([^"]*)"/.exec(before + after)?.[1];
  const inertTag = `<script${before} type="${DEFERRED_MODULE_TYPE}"${after.replace(' async=""', '')}>`;
  const inert = inertTag + withCompactManifest(script.slice(tag.index + opening.length));
  return `${inert}<script${nonce ? ` nonce="${nonce}"` : ''}>${START_APP}(${JSON.stringify(preloads)})</script>`;
}

const MANIFEST = 'window.__reactRouterManifest = ';

/**
 * The router writes its manifest into the script indented, a quarter of the script's gzipped size
 * (0.2 KB of every page). It is JSON, so it is written again without the spaces; a manifest that
 * does not read as JSON stays as it is.
 */
export function withCompactManifest(script: string): string {
  const start = script.indexOf(MANIFEST) + MANIFEST.length;
  if (start < MANIFEST.length) return script;
  for (let end = script.indexOf('};', start); end !== -1; end = script.indexOf('};', end + 1)) {
    try {
      const manifest: unknown = JSON.parse(script.slice(start, end + 1));
      return script.slice(0, start) + JSON.stringify(manifest) + script.slice(end + 1);
    } catch {
      // Not its end yet: a string inside held the two characters.
    }
  }
  return script;
}
