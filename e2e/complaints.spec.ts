import type { APIRequestContext } from '@playwright/test';
import type { ProfileCard } from '@rendezvous/contract';
import { en, expect, test } from './fixtures';
import { MAIL_SINK_HTTP_PORT } from './mail';
import { signUpConfirmed } from './members';
import { PORT } from './playwright.config';

/** The newest mail to this address whose subject contains `text`, waiting for it to arrive. */
async function mailWith(request: APIRequestContext, to: string, text: string) {
  let found: { subject: string; text: string } | undefined;
  await expect(async () => {
    const response = await request.get(`http://127.0.0.1:${MAIL_SINK_HTTP_PORT}/messages?to=${encodeURIComponent(to)}`);
    const mails = (await response.json()) as { subject: string; text: string }[];
    found = mails.reverse().find((mail) => mail.subject.includes(text));
    expect(found, `a mail to ${to} about ${text}`).toBeDefined();
  }).toPass({ timeout: 15_000 });
  return found!;
}

test('a member files a complaint about a profile from its safety menu and gets the reference by mail', async ({
  page,
}) => {
  const me = await signUpConfirmed(page.request, 'Rita');
  const search = await page.request.get('/api/search.php?auto_load=1');
  expect(search.status()).toBe(200);
  const [profile] = (await search.json()).profiles as ProfileCard[];
  if (!profile) throw new Error('The demo data has no member on the first search page');

  await page.goto(`/members/${profile.id}`);
  await page.getByRole('button', { name: en('safety.actions', { name: profile.name }) }).click();
  await page.getByRole('link', { name: en('complaints.menu_link', { name: profile.name }) }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('complaints.title'));
  const location = page.getByRole('textbox', { name: en('complaints.location_label') });
  await expect(location).toHaveValue(`http://localhost:${PORT}/members/${profile.id}`);
  await expect(page.getByText(en('complaints.member_reference', { member: profile.id }))).toBeVisible();
  await expect(page.getByRole('combobox', { name: en('complaints.subject_label') })).toHaveValue('profile');
  // A member's own name and address are filled in.
  await expect(page.getByRole('textbox', { name: en('complaints.email_label') })).toHaveValue(me.email);

  await page.getByRole('combobox', { name: en('complaints.category_label') }).selectOption('fraud');
  await page.getByRole('checkbox', { name: en('complaints.good_faith') }).check();
  await page.getByRole('button', { name: en('complaints.submit_notice') }).click();
  const explanation = page.getByRole('textbox', { name: en('complaints.explanation_label') });
  await expect(explanation).toHaveAttribute('aria-invalid', 'true');
  // The message names the field (issue 21).
  const named = en('validation.named.required', { field: en('complaints.explanation_label') });
  await expect(explanation).toHaveAccessibleDescription(new RegExp(named.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));

  await explanation.fill('Asked me for money for a train ticket before we had even talked about meeting.');
  await page.getByRole('button', { name: en('complaints.submit_notice') }).click();

  const done = page.getByRole('status').filter({ hasText: en('complaints.notice_sent') });
  await expect(done).toBeVisible();
  const reference = (await done.locator('strong').textContent())?.trim() ?? '';
  expect(reference).toMatch(/^RV-[2-9A-HJKMNP-Z]{8}$/);
  await expect(done).toContainText(en('complaints.confirmation_mailed', { email: me.email }));

  const mail = await mailWith(page.request, me.email, reference);
  expect(mail.text).toContain(reference);
});
