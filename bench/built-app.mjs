/**
 * The production build on a fresh database with the demo site, for the page benchmarks
 * (`pages.mjs`, `long-tasks.mjs`), and the pages they measure.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Paid traffic lands on landers; one stands for all eight, they share their layout and code.
export const LANDER = '/landers/video/eng';
/** Issue 17's pages: the visitor's, then the member's; ':id' is a member the demo member's search shows. */
export const PAGES = [
  { page: '/', as: 'visitor' },
  { page: '/login', as: 'visitor' },
  { page: '/signup', as: 'visitor' },
  { page: LANDER, as: 'visitor' },
  { page: '/members/:id', as: 'visitor' },
  { page: '/members', as: 'member' },
  { page: '/chats', as: 'member' },
];

/** The pages named by `--pages A,B` (as written above, e.g. /members,/chats), or all of them. */
export function pagesFromArgs(argv = process.argv) {
  const flag = argv.indexOf('--pages');
  const only = flag === -1 ? undefined : argv[flag + 1].split(',');
  return PAGES.filter(({ page }) => !only || only.includes(page));
}

/** A count given as `name N`, at least 1: `fallback` when not given, 1 when not a number. */
export function countFromArgs(name, fallback, argv = process.argv) {
  const flag = argv.indexOf(name);
  return flag === -1 ? fallback : Math.max(1, Number(argv[flag + 1]) || 1);
}

/** `--root DIR`: another checkout's build, so a change's before and after are measured alike. */
export function rootFromArgs(argv = process.argv) {
  const flag = argv.indexOf('--root');
  return flag === -1 ? path.resolve(import.meta.dirname, '..') : path.resolve(argv[flag + 1]);
}

/**
 * Builds `root` (unless `--no-build`) and starts its production server on a fresh database seeded
 * with the demo sites; resolves once it answers its health check. `stop()` ends it and removes the data.
 */
export async function startBuiltApp({ root, port, build = !process.argv.includes('--no-build') }) {
  if (build) {
    const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  const base = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rv-bench-pages-'));
  const server = spawn('node', [path.join(root, 'server/dist/main.js')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'bench-only-secret-that-is-long-enough-0123456789',
      COOKIE_SECURE: 'false',
      // Production seeds nothing by default; the pages measured are the demo site's.
      SEED_DEMO: 'true',
      SEED_PROFILES: '300',
      LOG_LEVEL: 'warn',
    },
  });
  const stop = () => {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base);
  } catch (error) {
    stop();
    throw error;
  }
  return { base, stop };
}

async function waitForHealth(base, deadline = Date.now() + 120_000) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The server did not become healthy in time');
}

/** The session's cookies as the browser keeps them, from a Cookie header ("a=1; b=2"). */
export function browserCookies(header, base) {
  const domain = new URL(base).hostname;
  return header.split('; ').map((pair) => {
    const [name, ...value] = pair.split('=');
    return { name, value: value.join('='), domain, path: '/' };
  });
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
