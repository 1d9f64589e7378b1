import { en, expect, test } from './fixtures';

/** The terms' modal on the sign-up form is a chunk of its own, loaded when the link is opened. */
const MODAL_CHUNK = /\/assets\/legal-text-modal-[\w-]+\.js$/;

test('a part of the app that cannot load reloads the page once, and never in a loop (spec §8)', async ({
  page,
  consoleErrors,
}) => {
  // As after a deployment: the old page asks for a file the server no longer has.
  await page.route(MODAL_CHUNK, (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/signup');
  let loads = 0;
  page.on('load', () => (loads += 1));

  await page.getByRole('link', { name: 'terms and conditions', exact: true }).click();
  await expect.poll(() => loads).toBe(1);
  // Its submit button comes to life when the app has taken the reloaded page over.
  await expect(page.getByRole('button', { name: en('signup.submit') })).toBeEnabled();

  // Still missing within 10 s of that reload: the error page stays instead of reloading again.
  await page.getByRole('link', { name: 'terms and conditions', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: en('errors.title') })).toBeVisible();
  await expect(page.getByText(en('errors.status_500'))).toBeVisible();
  expect(loads).toBe(1);
  // The missing file and the app's report of it are what this test provokes, and all it saw.
  expect(consoleErrors.filter((error) => !error.includes('/assets/legal-text-modal-'))).toEqual([]);
  consoleErrors.length = 0;
});
