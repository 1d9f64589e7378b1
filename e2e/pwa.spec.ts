import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APP_MANIFEST_PATH, AppManifestSchema, type AppManifest } from '@rendezvous/contract';
import type { Page } from '@playwright/test';
import {
  FAILING_PAGE_HEADING,
  FAILING_PAGE_PATH,
  startDeployableServer,
  type DeployableServer,
} from './deployable-server';
import { en, expect, message, test } from './fixtures';
import { E2E_PORT_BASE } from './mail';
import { PORT } from './playwright.config';

// These tests need the worker itself; each test is its own browser context, so its worker is its own.
test.use({ serviceWorkers: 'allow' });

/** Resolves once the worker of this page's origin has installed, precached and activated. */
async function workerActivated(page: Page): Promise<{ scriptURL: string; scope: string }> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scriptURL: registration.active?.scriptURL ?? '', scope: registration.scope };
  });
}

for (const site of [
  { host: 'localhost', name: 'Rendezvous' },
  { host: 'boxy.localhost', name: 'Silver Sparks' },
]) {
  test(`${site.host} is installable under its own name and icons`, async ({ playwright }, testInfo) => {
    // Browsers never install from a private window, which every test context is: this one has a profile.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'rv-e2e-install-'));
    const context = await playwright.chromium.launchPersistentContext(profile, {
      ...testInfo.project.use,
      ...testInfo.project.use.launchOptions,
      baseURL: undefined,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const origin = `http://${site.host}:${PORT}`;
      await page.goto(`${origin}/`);
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', APP_MANIFEST_PATH);
      const manifest = AppManifestSchema.parse(
        await page.evaluate(async (url) => (await fetch(url)).json() as Promise<AppManifest>, APP_MANIFEST_PATH),
      );
      expect(manifest.name).toBe(site.name);
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', manifest.theme_color);
      const iconTypes = await page.evaluate(
        (srcs) => Promise.all(srcs.map(async (src) => (await fetch(src)).headers.get('content-type'))),
        manifest.icons.map((icon) => icon.src),
      );
      expect(iconTypes).toEqual(manifest.icons.map(() => 'image/png'));

      // The browser's own verdict, the one its install prompt goes by.
      const cdp = await context.newCDPSession(page);
      const { url, errors } = await cdp.send('Page.getAppManifest');
      expect(url).toBe(`${origin}${APP_MANIFEST_PATH}`);
      expect(errors).toEqual([]);
      await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
}

test.describe('offline', () => {
  test.use({ locale: 'de-DE' });

  test('after one visit, a page opened without a network shows the offline page in the visitor’s language', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    // Same script and scope as the first push worker, so existing push subscriptions stay with it.
    expect(await workerActivated(page)).toEqual({
      scriptURL: `http://localhost:${PORT}/sw.js?v=2`,
      scope: `http://localhost:${PORT}/`,
    });

    await context.setOffline(true);
    const response = await page.goto('/login');
    expect(response?.fromServiceWorker()).toBe(true);
    const offlineTitle = page.getByRole('heading', { level: 1, name: message('de', 'offline.title') });
    await expect(offlineTitle).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    const retry = page.getByRole('link', { name: message('de', 'offline.retry') });
    await expect(retry).toBeVisible();

    // Back online, trying again opens the page that was asked for.
    await context.setOffline(false);
    await retry.click();
    await expect(page.getByRole('button', { name: message('de', 'login.submit') })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(offlineTitle).toHaveCount(0);
  });
});

test('the worker still shows pushes', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await page.goto('/');
  await workerActivated(page);

  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `http://localhost:${PORT}/`);
      if (ours && !ours.isDeleted) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: `http://localhost:${PORT}`,
    registrationId: await registrationId,
    data: JSON.stringify({ title: 'Anna wrote', body: 'Hello there', url: '/chats', tag: 'chat-1' }),
  });

  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map(({ title, body, tag }) => ({
          title,
          body,
          tag,
        })),
      ),
    )
    .toEqual([{ title: 'Anna wrote', body: 'Hello there', tag: 'chat-1' }]);
});

test('the worker precaches the members’ app and leaves the console out', async ({ request }) => {
  const assets = path.resolve(import.meta.dirname, '../web/build/client/assets');
  const manifestFile = fs.readdirSync(assets).find((name) => name.startsWith('manifest-'))!;
  const source = fs.readFileSync(path.join(assets, manifestFile), 'utf8');
  const { routes } = JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1)) as {
    routes: Record<string, { module: string }>;
  };
  const worker = await (await request.get('/sw.js')).text();
  const precached = (route: string) => worker.includes(`"${routes[route]!.module.slice(1)}"`);
  expect(precached('root')).toBe(true);
  expect(precached('guard-chat')).toBe(true);
  expect(precached('console')).toBe(false);
  expect(precached('console-inbox')).toBe(false);
});

test.describe('deployments', () => {
  // One server with its own copy of the build, which these tests deploy to.
  test.describe.configure({ mode: 'serial' });
  let server: DeployableServer;
  test.beforeAll(async () => {
    server = await startDeployableServer(E2E_PORT_BASE + 10);
  });
  test.afterAll(async () => server.close());

  test('a server error reaches the visitor as it is, never as the offline page', async ({ page }) => {
    await page.goto(`${server.origin}/`);
    await workerActivated(page);
    const response = await page.goto(`${server.origin}${FAILING_PAGE_PATH}`);
    expect(response?.status()).toBe(503);
    await expect(page.getByRole('heading', { name: FAILING_PAGE_HEADING })).toBeVisible();
  });

  test('a new version waits, is announced, and reloads the page once when accepted', async ({ page }) => {
    await page.goto(`${server.origin}/`);
    await workerActivated(page);
    // A page the worker controls, as every page after the first visit is.
    await page.reload();
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    server.deployNewWorker();
    await page.evaluate(async () => (await navigator.serviceWorker.ready).update());

    const prompt = page.getByRole('region', { name: en('app_update.available') });
    await expect(prompt).toBeVisible();
    let loads = 0;
    page.on('load', () => (loads += 1));
    await prompt.getByRole('button', { name: en('app_update.reload') }).click();
    await expect.poll(() => loads).toBe(1);
    await expect(prompt).toHaveCount(0);
    // The page is now served by the new version, with nothing left waiting.
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).waiting))).toBe(false);
    await page.waitForLoadState('networkidle');
    expect(loads).toBe(1);
  });
});
