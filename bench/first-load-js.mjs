/**
 * The JavaScript a screen's first load sends, gzipped, read from the HTML the server renders: every
 * script and modulepreload the page names, and the modules its inline bootstrap names. Lighthouse
 * only reaches pages a visitor can open; this also measures the member's screens, logged in as the
 * demo member, so a change that grows what a member downloads shows here before it ships.
 */
import { gzipSync } from 'node:zlib';

const DEMO_MEMBER = { email: 'anna@demo.rendezvous.localhost', password: 'rendezvous-demo' };
export const VISITOR_SCREENS = [
  '/',
  '/login',
  '/signup',
  '/reset-password',
  '/match-finder',
  '/complaints',
  '/pages/service',
  '/pricing',
  '/premium',
  '/cancel-contract',
];
// '/members/:id' is filled in with a member the search shows, so it is a profile a member would open.
export const MEMBER_SCREENS = [
  '/members',
  '/members/:id',
  '/chats',
  '/likes',
  '/profile',
  '/notifications',
  '/credits',
];

function scriptUrls(html, base) {
  const urls = new Set();
  for (const [, href] of html.matchAll(/<link rel="modulepreload"[^>]*?href="([^"]+)"/g)) urls.add(href);
  for (const [, src] of html.matchAll(/<script[^>]*?\ssrc="([^"]+)"/g)) urls.add(src);
  // The app's module script waits in the page until its first screen is shown; then the script
  // after it preloads the modules it lists (web/app/lib/deferred-hydration.ts).
  for (const [, inline] of html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const [, spec] of inline.matchAll(/import\s*(?:[^'"]*?from\s*)?["']([^"']+\.js)["']/g)) urls.add(spec);
    const preloads = /\}\)\((\["[^\]]*\])\);?$/.exec(inline)?.[1];
    for (const spec of preloads ? JSON.parse(preloads) : []) urls.add(spec);
  }
  return [...urls].map((url) => new URL(url, base).href).filter((url) => url.startsWith(base));
}

export async function gzippedBytes(urls) {
  let total = 0;
  for (const url of urls) total += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
  return total;
}

/** Logs in as the demo member the way the web app does: CSRF cookie first, then the login call. */
export async function memberCookie(base) {
  const csrf = /rv_csrf=([^;]+)/.exec((await fetch(`${base}/`)).headers.getSetCookie().join('; '))?.[1];
  if (!csrf) throw new Error('The home page set no rv_csrf cookie');
  const response = await fetch(`${base}/api/login.php`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `rv_csrf=${csrf}`,
      'x-csrf-token': csrf,
      'x-rendezvous-client': '@rendezvous/bench',
      'x-original-host': new URL(base).host,
    },
    body: JSON.stringify(DEMO_MEMBER),
  });
  if (!response.ok) throw new Error(`Logging in as the demo member answered ${response.status}`);
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  return `rv_csrf=${csrf}; ${session}`;
}

export async function someMemberId(base, cookie) {
  const response = await fetch(`${base}/api/search.php?auto_load=1`, {
    headers: { cookie, 'x-rendezvous-client': '@rendezvous/bench', 'x-original-host': new URL(base).host },
  });
  const id = (await response.json())?.profiles?.[0]?.id;
  if (typeof id !== 'number') throw new Error(`The demo member's search showed nobody (${response.status})`);
  return id;
}

async function measure(base, screen, cookie) {
  const response = await fetch(`${base}${screen}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  if (response.status !== 200) return { screen, error: `answered ${response.status}` };
  const urls = scriptUrls(await response.text(), base);
  return { screen, scripts: urls.length, 'first-load JS (KB gzip)': ((await gzippedBytes(urls)) / 1024).toFixed(1) };
}

export async function measureFirstLoadJs(base) {
  const rows = [];
  for (const screen of VISITOR_SCREENS) rows.push({ as: 'visitor', ...(await measure(base, screen)) });
  const cookie = await memberCookie(base);
  const memberId = await someMemberId(base, cookie);
  for (const screen of MEMBER_SCREENS) {
    rows.push({ as: 'member', ...(await measure(base, screen.replace(':id', String(memberId)), cookie)) });
  }
  return rows;
}
