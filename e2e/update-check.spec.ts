import { en, expect, test } from './fixtures';
import { startDeployableServer, type DeployableServer } from './deployable-server';
import { E2E_PORT_BASE } from './mail';

// One server with its own copy of the build, which this test deploys to. Without a service worker
// (the default here), only the update check can tell the tab.
test.describe.configure({ mode: 'serial' });
let server: DeployableServer;
test.beforeAll(async () => {
  server = await startDeployableServer(E2E_PORT_BASE + 11);
});
test.afterAll(async () => server.close());

test('an open tab notices a deployment when it comes back, and reloads once when accepted (spec §7)', async ({
  page,
}) => {
  await page.goto(`${server.origin}/pricing`);
  await expect(page.getByRole('heading', { level: 1, name: en('pricing.title') })).toBeVisible();
  const prompt = page.getByRole('region', { name: en('app_update.available') });
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page.getByRole('heading', { level: 1, name: en('pricing.title') })).toBeVisible();
  await expect(prompt).toHaveCount(0);
  // The router asks the server about the routes the page links to once it has rendered; a
  // deployment restarts the server, and a question still on its way then fails in the console.
  await page.waitForLoadState('networkidle');

  await server.deployNewBuild();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(prompt).toBeVisible();

  let loads = 0;
  page.on('load', () => (loads += 1));
  await prompt.getByRole('button', { name: en('app_update.reload') }).click();
  await expect.poll(() => loads).toBe(1);
  await page.waitForLoadState('networkidle');
  expect(loads).toBe(1);
});
