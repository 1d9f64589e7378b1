import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { CLIENT_HEADER, PROFILE_VIEW_PATH } from '@rendezvous/contract';
import { generate } from 'otplib';
import { expectNoAxeViolations } from './axe';
import { en, expect, expectNoSidewaysScroll, test } from './fixtures';
import { mailedLink } from './mail';
import { activeMember, csrfHeaders, MEMBER_PASSWORD, secondPage, signUpConfirmed, untranslatedText } from './members';
import { PORT } from './playwright.config';

// A 1×1 PNG: the server re-encodes whatever it gets into a main size and a thumbnail.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A member opens another's page and stays until the page has reported the visit: closing the tab
 * sooner could cancel the report, and the visitor list would miss it for the test's own reason.
 */
async function openProfileOf(page: Page, memberId: number, name: string) {
  const reported = page.waitForResponse(
    (response) => response.url().endsWith(PROFILE_VIEW_PATH) && response.request().method() === 'POST',
  );
  await page.goto(`/members/${memberId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  expect((await reported).ok()).toBe(true);
}

test('a member asks for their data, follows the mailed link and downloads the zip', async ({ page }) => {
  const member = await signUpConfirmed(page.request, 'Exporter');
  const upload = await page.request.post('/api/profileimage.php', {
    multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: PNG } },
    headers: await csrfHeaders(page.request),
  });
  expect(upload.status()).toBe(200);

  await page.goto('/profile');
  const section = page.getByRole('region', { name: en('privacy.export_title') });
  await section.getByRole('button', { name: en('privacy.export_request') }).click();
  await expect(section.getByRole('status')).toHaveText(en('privacy.export_pending'));

  const link = await mailedLink(page.request, member.email, /data_export=/);
  await page.goto(link);
  const ready = page.getByRole('region', { name: en('privacy.export_title') });
  await expect(ready.getByRole('status')).toContainText(/MB|kB/);
  const downloading = page.waitForEvent('download');
  await ready.getByRole('link', { name: en('privacy.export_download') }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const zip = fs.readFileSync(await download.path());
  // A zip (local file header "PK\3\4") whose directory names the account and the photo.
  expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  expect(zip.includes('account.json')).toBe(true);
  expect(zip.toString('latin1')).toMatch(/photos\/[a-f0-9]{32}\.jpg/);
});

test('a member deletes the account: the photo is gone and the one they wrote to sees the message erased', async ({
  page,
  browser,
}) => {
  await activeMember(page, 'Leonie');
  const upload = await page.request.post('/api/profileimage.php', {
    multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: PNG } },
    headers: await csrfHeaders(page.request),
  });
  const photo = ((await upload.json()) as { profile: { main_image: { filename: string } } }).profile.main_image
    .filename;
  expect((await page.request.get(`/media/${photo}`)).status()).toBe(200);

  const other = await secondPage(browser);
  const bertId = await activeMember(other, 'Bertram');
  // Only the site's own pages start a chat with a GET: they name themselves in a header.
  const started = await page.request.get(`/api/chat.php?profile=${bertId}`, { headers: { [CLIENT_HEADER]: 'e2e' } });
  expect(started.status(), await started.text()).toBe(200);
  const chat = (await started.json()) as { id: number };
  const sent = await page.request.post('/api/messages.php', {
    data: { conversation: chat.id, body: 'A secret only Bertram should read' },
    headers: await csrfHeaders(page.request),
  });
  expect(sent.status(), await sent.text()).toBe(200);

  await page.goto('/profile');
  await page.getByRole('button', { name: en('profile.delete_button') }).click();
  await page
    .getByRole('dialog', { name: en('delete.offer_title') })
    .getByRole('button', { name: en('delete.continue') })
    .click();
  const confirm = page.getByRole('dialog', { name: en('delete.confirm_title') });
  await confirm.getByRole('textbox', { name: en('delete.password'), exact: true }).fill(MEMBER_PASSWORD);
  await confirm.getByRole('button', { name: en('delete.submit') }).click();
  await expect(page).toHaveURL(/\/account-deleted$/);

  expect((await other.request.get(`/media/${photo}`)).status()).toBe(404);
  await other.goto(`/chats/${chat.id}`);
  // The conversation's own list: the chat list beside it, once loaded, previews the same words.
  // A deleted member has no name, so the list is named "Messages with" and nothing after it.
  const conversation = other.getByRole('list', { name: en('chats.messages_label', { name: '' }).trim() });
  await expect(conversation.getByText(en('chats.message_erased'))).toBeVisible();
  await expect(other.getByRole('main').getByText('A secret only Bertram should read')).toHaveCount(0);
  await other.context().close();
});

test('a member turns on two-factor login, then logs in with the app’s code and with a recovery code', async ({
  page,
}) => {
  const member = await signUpConfirmed(page.request, 'Tamara');
  await page.goto('/profile');
  const section = page.getByRole('region', { name: en('privacy.two_factor_title') });
  await section.getByRole('button', { name: en('privacy.two_factor_enable') }).click();
  await expect(section.getByRole('img', { name: en('privacy.two_factor_qr_alt') })).toBeVisible();
  const secret = (await section.locator('code').textContent())!.trim();
  await section.getByLabel(en('privacy.two_factor_code')).fill(await generate({ secret }));
  await section.getByRole('button', { name: en('privacy.two_factor_confirm') }).click();
  const codes = section.getByRole('list', { name: en('privacy.two_factor_recovery_title') });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  const recoveryCode = (await codes.getByRole('listitem').first().textContent())!;
  await section.getByRole('button', { name: en('privacy.two_factor_recovery_saved') }).click();
  await expect(section.getByRole('status')).toHaveText(en('privacy.two_factor_on', { number: 10 }));

  const logInWith = async (fillSecondFactor: () => Promise<void>) => {
    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByLabel(en('login.email')).fill(member.email);
    await page.getByLabel(en('login.password')).fill(MEMBER_PASSWORD);
    await page.getByRole('button', { name: en('login.submit') }).click();
    await expect(page.getByRole('heading', { name: en('login.code_title') })).toBeVisible();
    await fillSecondFactor();
    await page.getByRole('button', { name: en('login.code_submit') }).click();
    await expect(page).toHaveURL(/\/members$/);
  };
  // The next step's code: the one used to turn it on opens nothing again.
  await logInWith(async () =>
    page.getByLabel(en('login.code_label')).fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 })),
  );
  await logInWith(async () => {
    await page.getByRole('button', { name: en('login.use_recovery') }).click();
    await page.getByLabel(en('login.recovery_label')).fill(recoveryCode);
  });
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: en('privacy.two_factor_title') }).getByRole('status')).toHaveText(
    en('privacy.two_factor_on', { number: 9 }),
  );
});

test('a member hides from search: visitors no longer find the profile, chats they start still work', async ({
  page,
  browser,
}) => {
  const hiddenId = await activeMember(page, 'Hedwig');
  await page.goto('/profile');
  const section = page.getByRole('region', { name: en('privacy.hide_title') });
  await section.getByRole('checkbox', { name: en('privacy.hide_label') }).check();
  await expect(section.getByRole('status')).toHaveText(en('privacy.hide_saved_hidden'));
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: en('privacy.hide_title') })
      .getByRole('checkbox', { name: en('privacy.hide_label') }),
  ).toBeChecked();

  // A visitor (and so a lander about her) finds no such member.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/members/${hiddenId}`);
  await expect(visitorPage.getByText(`Page not found: /members/${hiddenId}`)).toBeVisible();
  await visitor.close();

  // She still writes to someone, who reads it and can open her profile.
  const other = await secondPage(browser);
  const otherId = await activeMember(other, 'Otmar');
  await page.goto(`/members/${otherId}`);
  await page.getByRole('link', { name: en('member_page.chat', { name: 'Otmar' }) }).click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  await page
    .getByRole('textbox', { name: en('chats.message_label', { name: 'Otmar' }) })
    .fill('Hello from the hidden one');
  await page.getByRole('button', { name: en('chats.send') }).click();
  await other.goto('/chats');
  await other.getByRole('link', { name: /Hedwig/ }).click();
  // In the conversation itself: the chat list it was opened from shows the same words as its preview.
  await expect(
    other
      .getByRole('list', { name: en('chats.messages_label', { name: 'Hedwig' }) })
      .getByText('Hello from the hidden one'),
  ).toBeVisible();
  await other.goto(`/members/${hiddenId}`);
  await expect(other.getByRole('heading', { level: 1 })).toContainText('Hedwig');
  await other.context().close();
});

test('a member sees who opened their profile', async ({ page, browser }) => {
  const ownerId = await activeMember(page, 'Viola');
  const other = await secondPage(browser);
  await activeMember(other, 'Walter');
  await openProfileOf(other, ownerId, 'Viola');
  await other.context().close();

  // Another looks without leaving a trace.
  const quiet = await secondPage(browser);
  await activeMember(quiet, 'Xena');
  await quiet.goto('/profile');
  const own = quiet.getByRole('region', { name: en('privacy.visitors_title') });
  await own.getByRole('checkbox', { name: en('privacy.visitors_trace_label') }).uncheck();
  await expect(own.getByRole('checkbox', { name: en('privacy.visitors_trace_label') })).not.toBeChecked();
  await openProfileOf(quiet, ownerId, 'Viola');
  await quiet.context().close();

  await page.goto('/profile');
  const visitors = page.getByRole('list', { name: en('privacy.visitors_title') });
  await expect(visitors.getByRole('link', { name: /Walter/ })).toBeVisible();
  await expect(visitors.getByRole('listitem')).toHaveCount(1);
});

test('the privacy sections of the account page are accessible and every string goes through translation', async ({
  page,
  browser,
  context,
}) => {
  const ownerId = await activeMember(page, 'Ulrike');
  const other = await secondPage(browser);
  await activeMember(other, 'Ugo');
  await openProfileOf(other, ownerId, 'Ulrike');
  await other.context().close();

  await page.goto('/profile');
  const twoFactor = page.getByRole('region', { name: en('privacy.two_factor_title') });
  await twoFactor.getByRole('button', { name: en('privacy.two_factor_enable') }).click();
  await expect(twoFactor.getByRole('img', { name: en('privacy.two_factor_qr_alt') })).toBeVisible();
  await page
    .getByRole('region', { name: en('privacy.export_title') })
    .getByRole('button', { name: en('privacy.export_request') })
    .click();
  await expect(page.getByRole('list', { name: en('privacy.visitors_title') })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);

  await context.addCookies([{ name: 'i18n_redirected', value: 'pseudo', url: `http://localhost:${PORT}` }]);
  await page.goto('/profile');
  await expect(page.locator('#data-export')).toBeVisible();
  await page.locator('#data-export button, #data-export a').first().waitFor();
  expect(await untranslatedText(page)).toEqual([]);
});
