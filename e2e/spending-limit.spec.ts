import { expectNoAxeViolations } from './axe';
import { en, expect, test } from './fixtures';
import { activeMember } from './members';

/*
 * Spending care (issue 16): a member sets a monthly limit on /profile; the checkout says at once
 * when a package does not fit, and a package that fits is bought as always.
 */

const ORDER_BUTTON = 'Order with obligation to pay';

test('a member with a €10 monthly limit is told the €24.95 package does not fit and buys the €9.95 one', async ({
  page,
}) => {
  await activeMember(page, 'Lotte');
  await page.goto('/profile');
  const section = page.getByRole('region', { name: en('spending.title') });
  await expect(section).toContainText(en('spending.spent', { spent: '€0.00' }));
  await section.getByRole('textbox', { name: en('spending.limit_label', { currency: 'EUR' }) }).fill('10');
  await section.getByRole('button', { name: en('spending.save') }).click();
  await expect(section.getByText(en('spending.saved'))).toBeVisible();
  await expect(section).toContainText(en('spending.spent_of', { spent: '€0.00', limit: '€10.00' }));
  await expectNoAxeViolations(page);

  await page.goto('/credits/regular');
  const refusal = page.getByRole('alert').filter({ hasText: en('spending.checkout_over_limit') });
  await expect(refusal).toBeVisible();
  await expect(page.getByRole('button', { name: ORDER_BUTTON })).toBeDisabled();
  await expect(refusal.getByRole('link', { name: en('spending.change_link') })).toHaveAttribute(
    'href',
    '/profile#spending-limit',
  );
  await expectNoAxeViolations(page);

  await page.goto('/credits/starter');
  await page.getByRole('radio', { name: 'iDEAL' }).check();
  await page.getByRole('checkbox', { name: en('credits.immediate_delivery') }).check();
  await page.getByRole('button', { name: ORDER_BUTTON }).click();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText(en('credits.order_paid'))).toBeVisible();

  await page.goto('/credits');
  await expect(page.getByText(en('spending.spent_of', { spent: '€9.95', limit: '€10.00' }))).toBeVisible();
});
