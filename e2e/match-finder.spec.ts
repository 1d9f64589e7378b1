import type { Locator } from '@playwright/test';
import { en, expect, test } from './fixtures';

// The sign-up's push step is offered only where the service worker runs, as for members.
test.use({ serviceWorkers: 'allow' });

const PASSWORD = 'a safe password';

const cardIds = (list: Locator) =>
  list.locator('[data-profile-id]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-profile-id')));

test('the match finder leads to sign-up, and its matches are the first search results of the new member', async ({
  page,
}) => {
  await page.goto('/match-finder');
  await page.getByRole('button', { name: en('match_finder.gender_female') }).click();
  // Not the new member's default search (every age), so the results below can only come from the finder.
  await page.getByRole('button', { name: en('match_finder.age_56-65') }).click();
  await expect(page.getByRole('heading', { name: en('match_finder.region_question') })).toBeFocused();
  await page.getByLabel(en('match_finder.country')).selectOption('NL');
  await page.getByRole('button', { name: en('match_finder.show_matches') }).click();

  // The answers are in the address, so the sign-up page and a shared link show the same matches.
  await expect(page).toHaveURL(/\/match-finder\?gender=female&min_age=56&max_age=65&country=NL&countryregion=0$/);
  const found = page.getByRole('list', { name: en('match_finder.matches_label') });
  await expect(found.locator('[data-profile-id]').first()).toBeVisible();
  const matches = await cardIds(found);

  await page.getByRole('link', { name: en('match_finder.to_signup') }).click();
  await expect(page).toHaveURL(/\/signup-matches\?gender=female/);
  expect(await cardIds(page.getByRole('list', { name: en('match_finder.matches_label') }))).toEqual(matches);

  await page.getByLabel(en('signup.email')).fill(`finder-${Date.now()}@example.test`);
  await page.getByLabel(en('signup.name')).fill('Hendrik');
  await page.getByRole('textbox', { name: en('signup.password'), exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: en('signup.submit') }).click();
  await page.getByRole('button', { name: en('signup.activation_continue') }).click({ timeout: 30_000 });
  await page.getByRole('button', { name: en('signup.push_skip') }).click();
  await page.getByRole('button', { name: en('signup.photo_skip') }).click();
  await page.getByRole('button', { name: en('signup.location_skip') }).click();
  await page.getByRole('button', { name: en('signup.personal_skip') }).click();
  await page.getByRole('button', { name: en('signup.about_skip') }).click();

  // The new member lives where they looked, so their search takes in the same neighbour country.
  const user = await (await page.request.get('/api/user.php')).json();
  expect(user.profile.country).toBe('NL');

  await page.getByRole('link', { name: en('match_finder.finish') }).click();
  await expect(page).toHaveURL(/\/members$/);
  const results = page.getByRole('list', { name: en('search.results_label') });
  await expect(results.locator('[data-profile-id]').first()).toBeVisible();
  expect((await cardIds(results)).slice(0, matches.length)).toEqual(matches);
});

test('a shared link opens the finder at its matches, a hand-edited one starts it over, and going back asks again', async ({
  page,
}) => {
  const answers = 'gender=female&min_age=56&max_age=65&country=NL&countryregion=0';
  const found = page.getByRole('list', { name: en('match_finder.matches_label') });
  const firstQuestion = page.getByRole('heading', { name: en('match_finder.gender_question') });

  // The server reads the answers for the first HTML: the matches come without a question asked.
  await page.goto(`/match-finder?${answers}`);
  await expect(found.locator('[data-profile-id]').first()).toBeVisible();
  await expect(firstQuestion).toHaveCount(0);

  // A country the site does not serve, or no gender at all.
  for (const edited of [answers.replace('country=NL', 'country=FR'), answers.replace('gender=female&', '')]) {
    await page.goto(`/match-finder?${edited}`);
    await expect(firstQuestion).toBeVisible();
    await expect(found).toHaveCount(0);
  }

  // Answered in the page, then back and forward: the browser reads each address's answers itself.
  await page.goto('/match-finder');
  await page.getByRole('button', { name: en('match_finder.gender_female') }).click();
  await page.getByRole('button', { name: en('match_finder.age_56-65') }).click();
  await page.getByLabel(en('match_finder.country')).selectOption('NL');
  await page.getByRole('button', { name: en('match_finder.show_matches') }).click();
  await expect(found.locator('[data-profile-id]').first()).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/match-finder$/);
  await expect(firstQuestion).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`\\?${answers}$`));
  await expect(found.locator('[data-profile-id]').first()).toBeVisible();
});

test('a visitor who may not search sees the matches without the photos of real members', async ({ page }) => {
  await page.goto('/signup-matches?gender=female&min_age=18&max_age=100&country=NL&countryregion=0');
  const found = page.getByRole('list', { name: en('match_finder.matches_label') });
  await expect(found.locator('[data-profile-id]')).toHaveCount(12);
  // The demo site keeps search for members: a card with a photo is a fictional profile's, marked as such.
  const photoCards = await found
    .locator('[data-profile-id]')
    .filter({ has: page.locator('img') })
    .evaluateAll(
      (cards, fictional) => cards.map((card) => card.textContent?.includes(fictional) ?? false),
      en('members.fictional_title'),
    );
  expect(photoCards.every(Boolean)).toBe(true);

  // Answers that are incomplete start the finder over.
  await page.goto('/signup-matches?gender=female');
  await expect(page).toHaveURL(/\/match-finder$/);
  await expect(page.getByRole('heading', { name: en('match_finder.gender_question') })).toBeVisible();
});
