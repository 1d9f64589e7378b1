import type { Page } from '@playwright/test';
import { en, expect, test } from './fixtures';
import { activeMember, csrfHeaders, MEMBER_PASSWORD, secondPage, signUpConfirmed } from './members';
import { PORT } from './playwright.config';

const cards = (page: Page) => page.getByRole('list', { name: en('search.results_label') }).locator('[data-profile-id]');
const filter = (page: Page, key: string) => page.getByLabel(en(key), { exact: true });

async function ages(page: Page): Promise<number[]> {
  const names = await cards(page).getByRole('link').allTextContents();
  return names.map((name) => Number(/, (\d+)$/.exec(name)?.[1]));
}

test('a member filters by age and country, scrolls to more, and comes back to the same place', async ({
  page,
  request,
}) => {
  // A member of its own: the filters chosen here are saved for the next visit.
  const { email } = await signUpConfirmed(request, 'Pieter');
  await page.goto('/login?redirect=%2Fmembers');
  await page.getByLabel(en('login.email')).fill(email);
  await page.getByLabel(en('login.password')).fill(MEMBER_PASSWORD);
  await page.getByRole('button', { name: en('login.submit') }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(cards(page)).toHaveCount(12);

  await filter(page, 'search.age').selectOption('56-65');
  await filter(page, 'search.country').selectOption('DE');
  await expect(page.getByRole('status').filter({ hasText: en('search.count').split(':')[0]! })).toBeVisible();
  await expect.poll(async () => (await ages(page)).length).toBeGreaterThan(0);
  expect((await ages(page)).every((age) => age >= 56 && age <= 65)).toBe(true);
  await expect(filter(page, 'search.region')).toHaveValue('0');

  await filter(page, 'search.age').selectOption('all');
  await filter(page, 'search.country').selectOption('NL');
  await expect(cards(page)).toHaveCount(12);
  const firstPage = await cards(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-profile-id')));
  await page.getByRole('button', { name: en('search.load_more') }).scrollIntoViewIfNeeded();
  await expect(cards(page)).toHaveCount(24);
  const all = await cards(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-profile-id')));
  expect(all.slice(0, 12)).toEqual(firstPage);
  expect(new Set(all).size).toBe(24);

  const opened = cards(page).nth(15);
  const openedId = await opened.getAttribute('data-profile-id');
  await opened.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  await opened.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/members/${openedId}$`));
  // The list comes back from the cache: nothing is searched again (the profile's similar members aside).
  const searchedAgain: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/search.php') && !request.url().includes('do_not_save')) {
      searchedAgain.push(request.url());
    }
  });
  await page.goBack();
  await expect(page).toHaveURL(/\/members$/);
  await expect(cards(page)).toHaveCount(24);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled / 2);
  await expect(filter(page, 'search.country')).toHaveValue('NL');
  expect(searchedAgain).toEqual([]);
});

test('a visitor searches on a site that welcomes visitors, and pages by address', async ({ page }) => {
  await page.goto(`http://boxy.localhost:${PORT}/members`);
  await expect(page.getByRole('heading', { name: en('search.title'), exact: true })).toBeVisible();
  await expect(cards(page)).not.toHaveCount(0);
  // Spec §4/§6: partner ads are for everyone who sees results, visitors too; webcam items are not.
  await expect(page.getByRole('link', { name: en('search.partner_title') }).first()).toBeVisible();
  await expect(page.locator('a[href^="/api/xcams/redirect.php"]')).toHaveCount(0);
  const next = page.getByRole('link', { name: en('search.next') });
  if (await next.isVisible()) {
    const first = await cards(page).first().getAttribute('data-profile-id');
    await next.click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(cards(page).first()).not.toHaveAttribute('data-profile-id', first!);

    // New filters start again at their first page, in the address too.
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/search.php')) asked.push(new URL(request.url()).searchParams.get('page') ?? '');
    });
    await filter(page, 'search.age').selectOption('56-65');
    await expect(page).toHaveURL(/\/members$/);
    await expect(page.getByRole('status')).toHaveText(/\d/);
    // The similar search for few results may ask too, but nothing asks for the old page again.
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((asked) => asked !== '1')).toEqual([]);
  }
});

test('a saved search that matches nobody shows similar members and the way back to everyone', async ({
  page,
  browser,
}) => {
  // Someone the similar search can find: 28, where the seeded members are all 30 or older.
  const other = await secondPage(browser);
  const bramId = await activeMember(other, 'Bram');
  const born = new Date(Date.now() - (28 * 365.25 + 100) * 86_400_000).toISOString().slice(0, 10);
  const headers = await csrfHeaders(other);
  const located = await other.request.put('/api/user.php', { data: { country: 'NL' }, headers });
  expect(located.status()).toBe(200);
  const described = await other.request.put('/api/user.php', {
    data: { profile: { gender: 'male', date_of_birth: born } },
    headers,
  });
  expect(described.status()).toBe(200);
  await other.context().close();

  // Men of 18 to 25 in the Netherlands: nobody, and every manual search is saved for the next visit.
  await activeMember(page, 'Saskia');
  const saved = await page.request.get(
    '/api/search.php?manual_search=1&gender=male&min_age=18&max_age=25&country=NL&countryregion=0',
  );
  expect((await saved.json()).paging.num_results).toBe(0);

  await page.goto('/members');
  const notice = page.getByRole('region', { name: en('search.empty_title') });
  await expect(notice).toBeVisible();
  const similar = page.getByRole('list', { name: en('search.similar_title') });
  // By id: every run of this test leaves a Bram of 28 on the server.
  const bram = similar.locator(`[data-profile-id="${bramId}"]`);
  await expect(bram.getByRole('link', { name: 'Bram, 28' })).toBeVisible();
  await expect(notice.getByText(en('search.empty_similar'))).toBeVisible();

  await notice.getByRole('button', { name: en('search.show_all') }).click();
  await expect(cards(page)).toHaveCount(12);
  await expect(notice).toHaveCount(0);
  await expect(filter(page, 'search.age')).toHaveValue('all');

  // The defaults were saved, so the next visit opens on members rather than on nobody.
  await page.reload();
  await expect(cards(page)).toHaveCount(12);
  await expect(notice).toHaveCount(0);
});

test('a visitor on a members-only site is asked to log in', async ({ page }) => {
  await page.goto('/members');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmembers$/);
});
