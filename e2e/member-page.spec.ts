import type { ProfileCard } from '@rendezvous/contract';
import { expect, message, test } from './fixtures';

const en = (key: string) => message('en', key);
// Read-only use of the demo member: her search is never saved (auto load, similar search with do_not_save).
const DEMO = { email: 'anna@demo.rendezvous.localhost', password: 'rendezvous-demo' };

test('a member opens a profile, switches its photo and sees similar members; visitors see it too', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(en('login.email')).fill(DEMO.email);
  await page.getByLabel(en('login.password')).fill(DEMO.password);
  await page.getByRole('button', { name: en('login.submit') }).click();
  await expect(page).toHaveURL(/\/members$/);

  const search = await page.request.get('/api/search.php?auto_load=1');
  expect(search.status()).toBe(200);
  const { profiles } = (await search.json()) as { profiles: ProfileCard[] };
  const profile = profiles.find((card) => card.images.length >= 2);
  if (!profile) throw new Error('The demo data has no member with two photos on the first page');

  await page.goto(`/members/${profile.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(profile.name);
  const gallery = page.getByRole('region', { name: `Photos of ${profile.name}` });
  const count = profile.images.length;
  const mainPhoto = gallery.getByRole('img', { name: new RegExp(`^Photo \\d+ of ${count} of `) });
  await expect(mainPhoto).toBeVisible();
  const before = await mainPhoto.getAttribute('src');

  const otherName = await gallery.getByRole('button', { pressed: false }).first().getAttribute('aria-label');
  const other = gallery.getByRole('button', { name: otherName ?? '' });
  await other.focus();
  await page.keyboard.press('Enter');
  await expect(other).toHaveAttribute('aria-pressed', 'true');
  await expect(mainPhoto).not.toHaveAttribute('src', before ?? '');
  await expect(page.getByRole('link', { name: `Chat with ${profile.name}` })).toHaveAttribute(
    'href',
    `/members/${profile.id}/chat`,
  );

  const similar = page.getByRole('list', { name: en('member_page.similar_title') });
  await expect(similar.locator('[data-profile-id]').first()).toBeVisible();
  await expect(similar.locator(`[data-profile-id="${profile.id}"]`)).toHaveCount(0);

  // The likes screen shows the same page without the chat button (spec §2).
  await page.goto(`/likes/m/${profile.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(profile.name);
  await expect(page.getByRole('link', { name: `Chat with ${profile.name}` })).toHaveCount(0);

  await page.goto('/members/999999999');
  await expect(page.getByText('Page not found: /members/999999999')).toBeVisible();

  // Logged out, the page is still there to share; chatting starts with signing up.
  await page.context().clearCookies();
  await page.goto(`/members/${profile.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(profile.name);
  await expect(page.getByRole('link', { name: `Sign up to chat with ${profile.name}` })).toHaveAttribute(
    'href',
    '/signup',
  );
});
