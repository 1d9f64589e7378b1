import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { en, expect, expectNoSidewaysScroll, test } from './fixtures';
import { activeMember, chatWithoutCredits, secondPage } from './members';
import { ORDER_BUTTON, WELCOME_APPLIED, orderWith } from './credits';

/* Buying credits with the dev provider (issue 16); how its checkout works is told in credits.ts. */

const composer = (page: Page, name: string) => page.getByRole('textbox', { name: en('chats.message_label', { name }) });
const messages = (page: Page, name: string) => page.getByRole('list', { name: en('chats.messages_label', { name }) });

test('a member out of credits in a chat buys credits and sends the waiting message after paying', async ({
  page,
  browser,
}) => {
  const conversationPath = await chatWithoutCredits(page, browser, 'Greetje', 'Henny');

  await page.reload();
  await composer(page, 'Henny').fill('Worth every credit');
  await composer(page, 'Henny').press('Enter');
  await expect(page).toHaveURL(/\/credits\?reason=insufficient&return_to=%2Fchats%2F\d+$/);
  await expect(page.getByTestId('credit-balance')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  // The package with a bonus, its checkout keeping the way back.
  const regular = page.getByRole('link', { name: new RegExp(en('credits.package_credits', { credits: 150 })) });
  await expect(regular).toContainText(en('credits.package_bonus', { credits: 15 }));
  await regular.click();
  await expect(page).toHaveURL(/\/credits\/regular\?return_to=/);
  await expect(page.getByRole('region', { name: en('credits.price_title') })).toContainText(en('credits.price_total'));

  // The box is the member's own choice: ordering without it says so next to it and goes nowhere.
  await page.getByRole('radio', { name: 'iDEAL' }).check();
  await expect(page).toHaveURL(/\/credits\/regular\/ideal\?return_to=/);
  await page.getByRole('button', { name: ORDER_BUTTON }).click();
  await expect(page.getByText(en('credits.immediate_delivery_required'))).toBeVisible();
  await expect(page).toHaveURL(/\/credits\/regular\/ideal/);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  await orderWith(page, 'iDEAL');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  await expect(page.getByText(en('credits.order_paid'))).toBeVisible();
  // 150 and 15 bonus, and 20 % of those as the welcome bonus.
  await expect(page.getByText(en('credits.order_credited', { credits: 198 }))).toBeVisible();
  await expect(page.getByText(en('credits.receipt_sent'))).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  // Back in the conversation the text waits in the composer, and now it goes out.
  await page.getByRole('link', { name: en('credits.back_to_conversation') }).click();
  await expect(page).toHaveURL(new RegExp(`${conversationPath}$`));
  await expect(composer(page, 'Henny')).toHaveValue('Worth every credit');
  await composer(page, 'Henny').press('Enter');
  await expect(messages(page, 'Henny').getByText('Worth every credit')).toBeVisible();
  await expect(composer(page, 'Henny')).toHaveValue('');
  await expect(page).toHaveURL(new RegExp(`${conversationPath}$`));
});

test('a failed and a cancelled payment credit nothing and offer to try the same package again', async ({ page }) => {
  await activeMember(page, 'Ineke');
  await page.goto('/credits');
  const before = await page.getByTestId('credit-balance').textContent();

  await page.goto('/credits/starter/card');
  await orderWith(page, en('credits.method_card'));
  await page.getByRole('button', { name: 'Fail', exact: true }).click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  await expect(page.getByRole('alert')).toHaveText(en('credits.order_state_failed'));

  await page.getByRole('link', { name: en('credits.try_again') }).click();
  await expect(page).toHaveURL(/\/credits\/starter$/);
  await orderWith(page, en('credits.method_card'));
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  await expect(page.getByRole('alert')).toHaveText(en('credits.order_state_cancelled'));
  await expect(page.getByText(en('credits.receipt_sent'))).toHaveCount(0);

  await page.goto('/credits');
  await expect(page.getByTestId('credit-balance')).toHaveText(before ?? '');
});

test('the transaction page turns from pending to paid without a reload', async ({ page }) => {
  await activeMember(page, 'Jannie');
  await page.goto('/credits/starter');
  await orderWith(page, 'iDEAL');
  const checkout = page.url();

  await page.getByRole('button', { name: 'Pay later', exact: true }).click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  await expect(page.getByRole('status').filter({ hasText: en('credits.order_waiting') })).toBeVisible();

  // The member pays in another tab (as after a bank app); this page learns it from the server.
  const tab = await page.context().newPage();
  await tab.goto(checkout);
  await tab.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(tab).toHaveURL(/\/transactions\/\d+$/);

  await expect(page.getByText(en('credits.order_paid'))).toBeVisible();
  await expect(page.getByText(en('credits.order_credited', { credits: 60 }))).toBeVisible();
});

test('a package the site does not sell and another member’s order are not found', async ({ page, browser }) => {
  await activeMember(page, 'Klaske');
  expect((await page.goto('/credits/no-such-package'))?.status()).toBe(404);

  await page.goto('/credits/starter');
  await orderWith(page, 'iDEAL');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  const orderPath = new URL(page.url()).pathname;

  const other = await secondPage(browser);
  await activeMember(other, 'Lieke');
  expect((await other.goto(orderPath))?.status()).toBe(404);
  await other.context().close();
});

test('a new member sees the welcome bonus counting down on /credits and gets it with the credits bought', async ({
  page,
}) => {
  await activeMember(page, 'Marijke');
  await page.goto('/credits');
  const before = Number(await page.getByTestId('credit-balance').textContent());
  // Just signed up: 48 hours from sign-up, a few seconds of them gone.
  const offer = en('discounts.welcome_offer', { offer: en('discounts.bonus', { value: 20 }) });
  await expect(page.getByRole('status').filter({ hasText: offer })).toHaveText(
    new RegExp(`, ends in 4[78] h \\d+ min$`),
  );
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: new RegExp(`^${en('credits.package_credits', { credits: 50 })}`) }).click();
  await expect(page.getByText(WELCOME_APPLIED)).toBeVisible();
  const price = page.getByRole('region', { name: en('credits.price_title') });
  await expect(price).toContainText(en('discounts.price_bonus', { credits: 10 }));
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  await orderWith(page, en('credits.method_card'));
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText(en('credits.order_credited', { credits: 60 }))).toBeVisible();

  // Used, the welcome bonus is gone from /credits; the credits stay.
  await page.goto('/credits');
  await expect(page.getByTestId('credit-balance')).toHaveText(String(before + 60));
  await expect(page.getByText(offer, { exact: false })).toHaveCount(0);
});
