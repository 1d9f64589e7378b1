import type { Page, Request } from '@playwright/test';
import { en, expect, message, test } from './fixtures';

const PASSWORD = 'a lander password';
const SOURCE = '?network=adnet&sub1=x';

/**
 * The visit beacon of the page once the server has counted it (204), with its body: Chromium
 * does not show a beacon's body to the test, so the page's own `sendBeacon` is watched for it.
 */
async function visitBeacon(page: Page, arrive: () => Promise<unknown>) {
  await page.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator);
    const sent: string[] = [];
    Object.assign(window, { sentBeacons: sent });
    navigator.sendBeacon = (url, data) => {
      if (data instanceof Blob) void data.text().then((text) => sent.push(text));
      return send(url, data);
    };
  });
  const [beacon] = await Promise.all([
    page.waitForRequest((request) => request.url().endsWith('/api/landers/visit.php')),
    arrive(),
  ]);
  expect((await beacon.response())?.status()).toBe(204);
  const sent = () => page.evaluate(() => (window as unknown as { sentBeacons: string[] }).sentBeacons);
  await expect.poll(sent).toHaveLength(1);
  return JSON.parse((await sent())[0]!) as unknown;
}

/** Fills in step 0 in the page's language and sends it; returns the sign-up call and its answer's status. */
async function signUp(page: Page, locale: 'en' | 'de'): Promise<{ request: Request; status: number }> {
  const email = `lander-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  await page.getByLabel(message(locale, 'signup.email')).fill(email);
  await page.getByLabel(message(locale, 'signup.name')).fill('Lotte');
  await page.getByRole('textbox', { name: message(locale, 'signup.password'), exact: true }).fill(PASSWORD);
  const [request] = await Promise.all([
    page.waitForRequest((call) => call.url().includes('/api/user.php?new=1')),
    page.getByRole('button', { name: message(locale, 'signup.submit') }).click(),
  ]);
  return { request, status: (await request.response())?.status() ?? 0 };
}

test('a visitor from an ad network signs up with the form on a lander, which keeps the source out of the address', async ({
  page,
}) => {
  const visit = await visitBeacon(page, () => page.goto(`/landers/gallery/milf-eng${SOURCE}`));
  expect(visit).toEqual({ lander: 'gallery', slug: 'milf-eng', network: 'adnet' });
  await expect(page).toHaveURL(/\/landers\/gallery\/milf-eng$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('landers.niches.milf.title'));
  // Showcase members are on the page, marked as the site's fictional profiles.
  await expect(page.getByRole('img', { name: /^Photo of / }).first()).toBeVisible();
  await expect(page.getByText(en('landers.common.fictional_note', { plural: 'hosts' }))).toBeVisible();

  const signup = await signUp(page, 'en');
  expect(signup.status).toBe(200);
  // The server credits the lander from the form's own path, and the source from the stored record.
  expect(signup.request.postDataJSON()).toMatchObject({
    form_path: '/landers/gallery/milf-eng',
    trafficsource: { network: 'adnet', sub1: 'x' },
  });
  await expect(page.getByRole('button', { name: en('signup.activation_continue') })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/landers\/gallery\/milf-eng$/);
});

test('a lander without the form opens it from its call, in the slug’s language whatever the browser speaks', async ({
  page,
}) => {
  const visit = await visitBeacon(page, () => page.goto(`/landers/alonetonight/she-de${SOURCE}`));
  expect(visit).toEqual({ lander: 'alonetonight', slug: 'she-de', network: 'adnet' });
  await expect(page).toHaveURL(/\/landers\/alonetonight\/she-de$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('de', 'landers.alone.title'));

  // The call works only once the page has hydrated, and the page is still German then.
  await page.getByRole('button', { name: message('de', 'landers.common.cta') }).click();
  await expect(page.getByRole('dialog', { name: message('de', 'signup.modal_title') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('de', 'landers.alone.title'));

  const signup = await signUp(page, 'de');
  expect(signup.status).toBe(200);
  expect(signup.request.postDataJSON()).toMatchObject({
    form_path: '/landers/alonetonight/she-de',
    language: 'de',
    trafficsource: { network: 'adnet', sub1: 'x' },
  });
  await expect(page.getByRole('button', { name: message('de', 'signup.activation_continue') })).toBeVisible({
    timeout: 30_000,
  });
});

test('the first HTML of a lander is in its slug’s language with its members, and asks not to be indexed', async ({
  request,
}) => {
  const response = await request.get('/landers/video/gay-nl');
  expect(response.status()).toBe(200);
  expect(response.headers()['x-robots-tag']).toBe('noindex');
  const html = await response.text();
  expect(html).toContain('<meta name="robots" content="noindex"/>');
  expect(html).toContain('<html lang="nl-NL"');
  expect(html).toContain(message('nl', 'landers.niches.gay.title'));
  expect(html).toMatch(/<img [^>]*src="\/media\/[^"]+"/);

  // A slug nobody knows still shows the lander, with the site's own niche (1) and language (Dutch
  // on the demo site), whatever the browser prefers: the campaign was bought for this site.
  const unknown = await request.get('/landers/collagelanding/summer-sale', { headers: { 'accept-language': 'en' } });
  expect(unknown.status()).toBe(200);
  const unknownHtml = await unknown.text();
  expect(unknownHtml).toContain('<html lang="nl-NL"');
  expect(unknownHtml).toContain(message('nl', 'landers.niches.general.title'));
});
