import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { en, expect, expectNoSidewaysScroll, test } from './fixtures';
import { mailWithSubject } from './mail';
import { MEMBER_PASSWORD, signUpConfirmed } from './members';

/*
 * Premium membership (issue 16): bought with the dev provider like credits (its checkout page at
 * /payments/dev/checkout, button "Pay"), shown on /profile, and cancelled on the public page that
 * works without logging in (§312k BGB), which the member's mail confirms.
 */

const ORDER_BUTTON = 'Order with obligation to pay';

/** The server's English subject of a mail kind, with the site's name left open. */
function mailSubject(kind: string): RegExp {
  const catalogue = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../server/src/platform/mail/locales/en.json'), 'utf8'),
  ) as Record<string, { subject: string }>;
  const subject = catalogue[kind]!.subject.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\{\w+\}\}/g, '.+');
  return new RegExp(`^${subject}$`);
}

const membership = (page: Page) => page.getByRole('region', { name: en('membership.title') });

async function checkPage(page: Page) {
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
}

test('a member buys a month of premium, then cancels it logged out on the public page and it stops renewing', async ({
  page,
}) => {
  const member = await signUpConfirmed(page.request, 'Paula');

  await page.goto('/premium');
  await expect(page.getByText(en('premium.benefit_no_ads'))).toBeVisible();
  await expect(page.getByText(en('premium.benefit_all_visitors', { number: 3 }))).toBeVisible();
  await checkPage(page);

  const month = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Premium, 1 month' }) });
  await month.getByRole('link', { name: en('premium.choose') }).click();
  await expect(page).toHaveURL(/\/premium\?plan=month$/);
  await expect(page.getByRole('region', { name: en('credits.price_title') })).toContainText(en('credits.price_total'));

  // The box is the member's own choice: ordering without it says so next to it and goes nowhere.
  await page.getByRole('radio', { name: 'iDEAL' }).check();
  await expect(page).toHaveURL(/\/premium\?plan=month&method=ideal$/);
  await page.getByRole('button', { name: ORDER_BUTTON }).click();
  await expect(page.getByText(en('premium.immediate_start_required'))).toBeVisible();
  await checkPage(page);

  await page.getByRole('checkbox', { name: en('premium.immediate_start') }).check();
  await page.getByRole('button', { name: ORDER_BUTTON }).click();
  await expect(page).toHaveURL(/\/payments\/dev\/checkout\?/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(/\/transactions\/\d+$/);
  await expect(page.getByText(en('credits.order_paid'))).toBeVisible();
  await expect(page.getByText(en('premium.order_active'))).toBeVisible();
  await expect(page.getByText('Premium, 1 month', { exact: true })).toBeVisible();
  await checkPage(page);

  await page
    .getByRole('link', { name: en('premium.to_membership') })
    .first()
    .click();
  await expect(page).toHaveURL(/\/profile#membership$/);
  await expect(membership(page).getByText(/^Premium until /)).toBeVisible();
  await expect(membership(page).getByText(/^It renews on .+ for €19\.95 per month/)).toBeVisible();
  await expect(membership(page).getByRole('button', { name: 'Withdraw from contract here' })).toBeVisible();
  await checkPage(page);

  await page.getByRole('button', { name: en('nav.menu') }).click();
  await page.getByRole('button', { name: en('nav.logout') }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Every page's footer leads to the cancel page; its first button only asks for the confirmation.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cancel a contract here' }).click();
  await expect(page).toHaveURL(/\/cancel-contract$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cancel a contract here' })).toBeVisible();
  await page.getByRole('textbox', { name: new RegExp(en('cancel_contract.email_label')) }).fill(member.email);
  await page.getByRole('button', { name: 'Cancel contract', exact: true }).click();
  await expect(page.getByRole('heading', { name: en('cancel_contract.confirm_title') })).toBeFocused();
  await checkPage(page);
  await page.getByRole('button', { name: 'Confirm cancellation now' }).click();
  await expect(page.getByRole('status').filter({ hasText: en('cancel_contract.received_title') })).toContainText(
    en('cancel_contract.received_mail', { email: member.email }),
  );
  await checkPage(page);

  await mailWithSubject(page.request, member.email, mailSubject('premium_cancelled'));

  await page.goto('/login');
  await page.getByLabel(en('login.email')).fill(member.email);
  await page.getByLabel(en('login.password')).fill(MEMBER_PASSWORD);
  await page.getByRole('button', { name: en('login.submit') }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/profile');
  await expect(membership(page).getByText(/ends on .+ and will not renew\.$/)).toBeVisible();
  await expect(membership(page).getByRole('button', { name: en('membership.resume_button') })).toBeVisible();
});
