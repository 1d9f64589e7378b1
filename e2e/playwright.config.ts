import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

export const PORT = 3100;
export const PRODUCTION_PORT = 3101;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const serverEntry = path.resolve(import.meta.dirname, '../server/dist/main.js');

function serverEnv(port: number, extra: Record<string, string> = {}) {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'rv-e2e-')),
    SEED_PROFILES: '120',
    LOG_LEVEL: 'warn',
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
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'mobile-chromium', use: { ...devices['Pixel 7'], viewport: { width: 360, height: 780 } } }],
  webServer: [
    {
      command: `node ${serverEntry}`,
      url: `http://127.0.0.1:${PORT}/healthz`,
      env: serverEnv(PORT, { NODE_ENV: 'test' }),
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
    {
      command: `node ${serverEntry}`,
      url: `http://127.0.0.1:${PRODUCTION_PORT}/healthz`,
      env: serverEnv(PRODUCTION_PORT, {
        NODE_ENV: 'production',
        SESSION_SECRET: 'e2e-production-secret-that-is-long-enough-0123456789',
        COOKIE_SECURE: 'false',
        SEED_PROFILES: '20',
      }),
      timeout: 120_000,
      reuseExistingServer: false,
    },
  ],
});
