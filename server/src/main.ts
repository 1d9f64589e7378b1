import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { createMediaStore } from './lib/media-stores.js';
import { demoLoginsNotice } from './demo/demo-logins-notice.js';
import { seedDemoData } from './demo/seed.js';
import { seedDemoStaff } from './demo/demo-staff.js';
import { createTotpSecretBox } from './platform/two-factor/totp-secret.js';
import type { WebServerEntry } from './features/web/web.routes.js';

const SHUTDOWN_GRACE_MS = 10_000;

/** `npm run dev`: Vite serves the web app from source with hot reload inside this same process. */
async function startViteDevServer(config: Config) {
  const { createServer } = await import('vite');
  const webRoot = path.dirname(config.webBuildDir);
  const vite = await createServer({ root: webRoot, server: { middlewareMode: true }, appType: 'custom' });
  const loadEntry = () => vite.ssrLoadModule(path.join(webRoot, 'server-entry.ts')) as Promise<WebServerEntry>;
  return { vite, web: { loadEntry, middlewares: vite.middlewares } };
}

async function main() {
  // A local .env (see .env.example) fills in what the real environment leaves unset.
  const envFile = fileURLToPath(new URL('../../.env', import.meta.url));
  if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig();
  const database = openDatabase(config.database);
  const media = createMediaStore(config.media);
  await migrateToLatest(database.db);

  const demo = config.seed.demo
    ? await seedDemoData(database.db, { media, profiles: config.seed.profiles, log: console.log })
    : undefined;
  // Known console credentials never reach production, whatever SEED_DEMO says: the first admin
  // there comes from `npm run console:admin`.
  const demoStaff =
    demo && config.env !== 'production'
      ? await seedDemoStaff(database.db, createTotpSecretBox(config.sessionSecret))
      : [];

  const devServer = process.env.WEB_DEV_SERVER === '1' ? await startViteDevServer(config) : undefined;
  const app = await buildApp(config, { database, media, ...(devServer ? { web: devServer.web } : {}) });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    await app.close();
    await devServer?.vite.close();
    media.close();
    await database.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const base = `http://localhost:${config.port}`;
  console.log(`\nRendezvous is running on ${base} (${database.dialect})`);
  if (demo && demo.logins.length + demoStaff.length > 0) {
    const production = config.env === 'production';
    const notice = demoLoginsNotice(demo.logins, { production, port: config.port, staff: demoStaff });
    if (production) console.warn(`${notice}\n`);
    else console.log(`${notice}\n`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
