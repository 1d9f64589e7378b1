import { Transform, type TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import Beasties from 'beasties';
import { ROUTES, routeNameFromId } from '../route-table';
import { withoutUnmatchedWhereRules } from './unmatched-where-rules';
import { withoutUnusedCustomProperties } from './unused-custom-properties';

/**
 * The routes a visitor arrives on from outside (issue 17): the home page, login, sign-up, the
 * landers and a member's public page. Their first paint waited for the whole stylesheet.
 */
const PUBLIC_ROUTE_NAMES = new Set(
  ROUTES.filter(
    (route) => route.layout === 'lander' || ['index', 'login', 'signup', 'members-memberId'].includes(route.name),
  ).map((route) => route.name),
);

export function isPublicRoute(routeId: string): boolean {
  return PUBLIC_ROUTE_NAMES.has(routeNameFromId(routeId));
}

let built: ReturnType<typeof createCriticalCss> | undefined;

/**
 * Called by the server bundle's entry with where the client build is. The development server
 * never calls it: its styles come from Vite as modules, and pages keep them as they are.
 */
export function serveCriticalCssFrom(clientDir: string): void {
  built = createCriticalCss(clientDir);
}

/** The store of the built app's critical CSS; undefined in development. */
export const builtCriticalCss = () => built;

const STYLESHEET = /<link\b[^>]*\brel="stylesheet"[^>]*\/?>/g;

/**
 * The critical CSS of each kind of public page: the rules of the stylesheet that its elements
 * use, worked out by Beasties from one rendering of the page and kept for the next ones. A page
 * whose CSS is not known yet is sent as before, with the blocking stylesheet, and teaches it: the
 * first visitor waits for nothing extra. The kinds are few (route, template, logged in or not),
 * so the store stays small.
 */
export function createCriticalCss(clientDir: string) {
  const beasties = new Beasties({
    path: clientDir,
    publicPath: '/',
    compress: true,
    pruneSource: false,
    reduceInlineStyles: false,
    inlineFonts: false,
    logLevel: 'silent',
    // Tailwind's space-y and divide utilities select children through :where(), which Beasties does
    // not match against the page: without them the first paint lacks the spacing, and the page
    // shifts when the stylesheet applies. All go in, and those of classes the page lacks go out.
    allowRules: [/:where\(/],
  });
  const known = new Map<string, string>();
  const learning = new Set<string>();

  async function learn(key: string, html: string) {
    try {
      const processed = await beasties.process(html);
      const head = processed.slice(0, processed.indexOf('</head>'));
      const css = [...head.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('');
      // Nothing found means nothing to gain: the page keeps its stylesheet as it is.
      if (css) known.set(key, withoutUnusedCustomProperties(withoutUnmatchedWhereRules(css, html)));
    } catch (error) {
      console.warn('critical CSS not worked out for', key, error);
    } finally {
      learning.delete(key);
    }
  }

  return {
    /** The page's critical CSS, or undefined while it is not known. */
    get: (key: string) => known.get(key),
    /** A pass-through for a page rendered without it, which learns it once the page has been sent. */
    learnFrom(key: string): Transform | undefined {
      if (known.has(key) || learning.has(key)) return undefined;
      learning.add(key);
      return collectText((html) => void learn(key, html));
    },
  };
}

/**
 * The head with the critical CSS inline and the stylesheets loaded without blocking the first
 * paint. The page's CSP allows no inline event handler, so a script with the page's nonce applies
 * each stylesheet once it has loaded; without scripts, the stylesheet in `<noscript>` applies.
 */
export function inlineCriticalCss(head: string, css: string, nonces: { style: string; script: string }): string {
  const links = head.match(STYLESHEET) ?? [];
  if (links.length === 0) return head;
  // A print stylesheet is fetched last, after every script; preloaded, it comes right after the
  // page, so what hydration adds to the page (not in the critical CSS) is styled when it shows.
  let rewritten = head.replace(STYLESHEET, (link) => {
    const href = /\bhref="([^"]+)"/.exec(link)?.[1];
    const preload = href ? `<link rel="preload" as="style" href="${href}"/>` : '';
    return preload + link.replace(/\s*\/?>$/, ' media="print" data-deferred-style=""/>');
  });
  const firstLink = rewritten.indexOf('<link rel="preload" as="style"');
  rewritten = `${rewritten.slice(0, firstLink)}<style nonce="${nonces.style}">${css}</style>${rewritten.slice(firstLink)}`;
  return (
    rewritten +
    `<script nonce="${nonces.script}">${APPLY_DEFERRED_STYLES}</script>` +
    `<noscript>${links.join('')}</noscript>`
  );
}

const APPLY_DEFERRED_STYLES =
  "document.querySelectorAll('link[data-deferred-style]').forEach(function(l){" +
  "function a(){l.media='all'}l.sheet?a():l.addEventListener('load',a)})";

/** Passes text through unchanged and hands the whole of it over at the end. */
function collectText(onEnd: (text: string) => void): Transform {
  const decoder = new StringDecoder('utf8');
  let text = '';
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      text += decoder.write(chunk);
      callback(null, chunk);
    },
    flush(callback: TransformCallback) {
      onEnd(text + decoder.end());
      callback();
    },
  });
}
