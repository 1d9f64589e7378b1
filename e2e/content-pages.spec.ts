import { expect as baseExpect, type APIRequestContext } from '@playwright/test';
import { en, expect, test } from './fixtures';
import { MAIL_SINK_HTTP_PORT } from './mail';
import { signUpConfirmed } from './members';

/** The demo site these tests run on (server/src/demo/demo-sites.ts). */
const COMPANY = 'Rendezvous Media B.V.';
const SUPPORT = 'support@rendezvous.localhost';

interface SinkMail {
  to: string[];
  subject: string;
  text: string;
}

/** The mails the site handed to the mail sink for this address, waiting until one matches. */
async function mailTo(request: APIRequestContext, to: string, subject: string): Promise<SinkMail> {
  let found: SinkMail | undefined;
  await baseExpect(async () => {
    const response = await request.get(`http://127.0.0.1:${MAIL_SINK_HTTP_PORT}/messages?to=${encodeURIComponent(to)}`);
    found = ((await response.json()) as SinkMail[]).find((mail) => mail.subject === subject);
    baseExpect(found, `a mail to ${to} titled ${subject}`).toBeDefined();
  }).toPass({ timeout: 15_000 });
  return found!;
}

test('a visitor reads the terms in the sign-up modal and follows its table of contents', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('link', { name: 'terms and conditions', exact: true }).click();

  const dialog = page.getByRole('dialog');
  const rules = dialog.getByRole('heading', { level: 2, name: 'Usage rules' });
  await expect(dialog.getByRole('heading', { level: 2, name: 'Fictional profiles' })).toBeVisible();
  await expect(dialog.getByText(COMPANY).first()).toBeVisible();
  await expect(rules).not.toBeInViewport();

  await dialog
    .getByRole('navigation', { name: en('content.toc') })
    .getByRole('link', { name: 'Usage rules' })
    .click();
  await expect(rules).toBeInViewport();
  await expect(rules).toBeFocused();
  // The modal kept the sign-up form's address: closing it leaves the visitor where they were.
  await expect(page).toHaveURL(/\/signup$/);
  await dialog.getByRole('button', { name: en('ui.modal.close') }).click();
  await expect(page.getByRole('button', { name: en('signup.submit') })).toBeVisible();
});

test('the consent line names the fictional profiles and opens the terms at that section', async ({ page }) => {
  await page.goto('/signup');
  // The demo site calls its fictional profiles "hosts".
  await page.getByRole('link', { name: 'hosts', exact: true }).click();
  await expect(
    page.getByRole('dialog').getByRole('heading', { level: 2, name: 'Fictional profiles' }),
  ).toBeInViewport();
});

test('the privacy statement reads on a phone, with the company from the settings', async ({ page }) => {
  const response = await page.goto('/pages/privacy');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy statement' })).toBeVisible();
  await expect(page.locator('#controller + p')).toContainText(COMPANY);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);

  await page.getByRole('link', { name: 'How long we keep your data' }).click();
  await expect(page).toHaveURL(/\/pages\/privacy#storage$/);
  await expect(page.getByRole('heading', { level: 2, name: 'How long we keep your data' })).toBeInViewport();
});

test('every content page fits a phone, tables included', async ({ page }) => {
  for (const name of ['terms', 'privacy', 'faq', 'return-policy', 'cookies', 'service', 'ban']) {
    const response = await page.goto(`/pages/${name}`);
    expect(response?.status(), name).toBe(200);
    await expect(page.getByRole('navigation', { name: en('content.toc') })).toBeVisible();
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth, name).toBeLessThanOrEqual(innerWidth);
  }
});

test('a member sends the contact form and both support and the member get a mail', async ({ page }) => {
  const member = await signUpConfirmed(page.request, 'Wilma');
  await page.goto('/pages/service');
  const form = page.getByRole('form', { name: 'Contact form' });
  // A member's name and address come from the account.
  await expect(form.getByRole('textbox', { name: en('service.email') })).toHaveCount(0);

  await form.getByRole('button', { name: en('service.submit') }).click();
  await expect(form.getByRole('textbox', { name: en('service.subject') })).toHaveAccessibleDescription(
    en('validation.named.required', { field: en('service.subject') }),
  );

  const subject = `Question ${Date.now()}`;
  await form.getByRole('textbox', { name: en('service.subject') }).fill(subject);
  await form.getByRole('textbox', { name: en('service.message') }).fill('Where do I find my receipts?\nThank you.');
  await form.getByRole('button', { name: en('service.submit') }).click();
  await expect(form.getByRole('status')).toHaveText(en('service.sent'));
  await expect(form.getByRole('textbox', { name: en('service.subject') })).toHaveValue('');

  const toSupport = await mailTo(page.request, SUPPORT, `[Rendezvous] ${subject}`);
  expect(toSupport.text).toContain(`Wilma (${member.email})`);
  expect(toSupport.text).toContain('> Where do I find my receipts?');
  await mailTo(page.request, member.email, 'We have received your message to Rendezvous');
});
