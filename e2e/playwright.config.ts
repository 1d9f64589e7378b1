import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_PORT_BASE, MAIL_SINK_HTTP_PORT, MAIL_SINK_SMTP_PORT } from './mail';

export const PORT = E2E_PORT_BASE;
export const PRODUCTION_PORT = E2E_PORT_BASE + 1;
/** A site with no SMTP configured, as on a fresh machine: its mail lands in the development mailbox. */
export const LOCAL_MAIL_PORT = E2E_PORT_BASE + 2;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const serverEntry = path.resolve(import.meta.dirname, '../server/dist/main.js');

/** Playwright's own `--disable-features` (chromiumSwitches.ts in playwright-core 1.65). */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

/**
 * Headless Chromium opens a window per browser context, and with it the address bar's popup as a
 * web page in a renderer of its own, a spare renderer and page translation: about a second of CPU
 * per context on these two-core machines, which kept the browser tests CPU-bound and slow enough to
 * time out (the same pages and contexts take about 40% less CPU without them). A second
 * `--disable-features` replaces the first, so Playwright's list comes along.
 */
const DISABLED_FEATURES = [
  ...PLAYWRIGHT_DISABLED_FEATURES,
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
  'SpareRendererForSitePerProcess',
  'Translate',
];

const newDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'rv-e2e-'));

/**
 * The production server as its commands see it (`npm run console:admin` creates its first admin):
 * the runner makes the data directory once, and its workers inherit the variable rather than
 * making another when they load this file.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  DATA_DIR: (process.env.E2E_PRODUCTION_DATA_DIR ??= newDataDir()),
  SESSION_SECRET: 'e2e-production-secret-that-is-long-enough-0123456789',
  COOKIE_SECURE: 'false',
};

/**
 * The development-like server the most tests use, as its commands see it (the console's tests
 * create staff of their own there with `npm run console:admin`): made once, like PRODUCTION_ENV.
 */
export const TEST_ENV = {
  NODE_ENV: 'test',
  DATA_DIR: (process.env.E2E_TEST_DATA_DIR ??= newDataDir()),
};

function serverEnv(port: number, extra: Record<string, string> = {}) {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: extra.DATA_DIR ?? newDataDir(),
    SEED_PROFILES: '120',
    LOG_LEVEL: 'warn',
    TRUSTED_PROXIES: '127.0.0.1',
    ...extra,
  };
}

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: process.env.CI === 'true',
  retries: 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A failure's trace keeps the page's DOM at each step, its requests and its console; a
    // screencast as well cost every passing test about a fifth more time on two cores.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    // Each new context would precache the whole build (about 1.2 MB) first; the specs about the
    // worker, push and the sign-up links it serves allow it (test.use), the rest test the pages.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--disable-features=${DISABLED_FEATURES.join(',')}`,
      ],
    },
  },
  projects: [{ name: 'mobile-chromium', use: { ...devices['Pixel 7'], viewport: { width: 360, height: 780 } } }],
  webServer: [
    {
      command: `node ${path.resolve(import.meta.dirname, 'mail-sink.mjs')}`,
      url: `http://127.0.0.1:${MAIL_SINK_HTTP_PORT}/`,
      env: { MAIL_SINK_SMTP_PORT: String(MAIL_SINK_SMTP_PORT), MAIL_SINK_HTTP_PORT: String(MAIL_SINK_HTTP_PORT) },
      reuseExistingServer: false,
    },
    {
      command: `node ${serverEntry}`,
      url: `http://127.0.0.1:${PORT}/healthz`,
      // Enough profiles that a filtered search still fills several pages.
      env: serverEnv(PORT, {
        ...TEST_ENV,
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SINK_SMTP_PORT}`,
        SEED_PROFILES: '800',
      }),
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
    {
      command: `node ${serverEntry}`,
      url: `http://127.0.0.1:${PRODUCTION_PORT}/healthz`,
      env: serverEnv(PRODUCTION_PORT, {
        ...PRODUCTION_ENV,
        // Production seeds nothing by default; the tests visit the demo sites.
        SEED_DEMO: 'true',
        SEED_PROFILES: '20',
      }),
      timeout: 120_000,
      reuseExistingServer: false,
    },
    {
      command: `node ${serverEntry}`,
      url: `http://127.0.0.1:${LOCAL_MAIL_PORT}/healthz`,
      env: serverEnv(LOCAL_MAIL_PORT, { NODE_ENV: 'test', SEED_PROFILES: '20' }),
      timeout: 120_000,
      reuseExistingServer: false,
    },
  ],
});
