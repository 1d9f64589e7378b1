import { expectNoAxeViolations } from './axe';
import { ORDER_BUTTON, orderWith } from './credits';
import { en, expect, expectNoSidewaysScroll, test } from './fixtures';
import { activeMember } from './members';

/*
 * A one-step repeat order (issue 16): the dev provider keeps the method when the member asks at
 * checkout, and charges it again at once when they confirm /credits/repeat-order.
 */

test('a member who kept the method buys the same package again in one step', async ({ page }) => {
  await activeMember(page, 'Nelleke');

  // Nothing bought yet: the page says so and sends the member to the packages.
  await page.goto('/credits/repeat-order');
  const refused = page.getByRole('region', { name: en('repeat_order.refused_title') });
  await expect(refused).toContainText(en('repeat_order.no_purchase'));
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await refused.getByRole('link', { name: en('repeat_order.to_packages') }).click();
  await expect(page).toHaveURL(/\/credits$/);
  const before = Number(await page.getByTestId('credit-balance').textContent());

  // The first purchase, keeping the card: 50 credits and 10 more of the welcome bonus.
  await page.goto('/credits/starter');
  await orderWith(page, en('credits.method_card'), { keepMethod: true });
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  await expect(page.getByText(en('credits.order_credited', { credits: 60 }))).toBeVisible();
  const firstOrder = page.url();

  await page.goto('/credits');
  await expect(page.getByTestId('credit-balance')).toHaveText(String(before + 60));
  await page.getByRole('link', { name: en('repeat_order.link') }).click();
  await expect(page).toHaveURL(/\/credits\/repeat-order$/);

  const bought = page.getByRole('region', { name: en('credits.checkout_package') });
  await expect(bought).toContainText(en('credits.package_credits', { credits: 50 }));
  await expect(bought).toContainText(en('repeat_order.method', { method: en('credits.method_card') }));
  await expect(page.getByRole('region', { name: en('credits.price_title') })).toContainText(en('credits.price_total'));

  // The express request is the member's own here too: without it nothing is ordered.
  await page.getByRole('button', { name: ORDER_BUTTON }).click();
  await expect(page.getByText(en('credits.immediate_delivery_required'))).toBeVisible();
  await expect(page).toHaveURL(/\/credits\/repeat-order$/);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  await page.getByRole('checkbox', { name: en('credits.immediate_delivery') }).check();
  await page.getByRole('button', { name: ORDER_BUTTON }).click();
  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  expect(page.url()).not.toBe(firstOrder);
  await expect(page.getByText(en('credits.order_paid'))).toBeVisible();
  await expect(page.getByText(en('credits.order_credited', { credits: 50 }))).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/credits');
  await expect(page.getByTestId('credit-balance')).toHaveText(String(before + 110));
});
