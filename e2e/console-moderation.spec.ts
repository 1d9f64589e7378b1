import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  CLIENT_HEADER,
  type ModerationEvidence,
  type ModerationQueueResponse,
  type ModerationSource,
} from '@rendezvous/contract';
import { createConsoleAdmin, firstLogin, staffContext, unique } from './console';
import { en, expect, test } from './fixtures';
import { mailWithSubject } from './mail';
import { csrfHeaders, secondPage, signUpConfirmed } from './members';
import { TEST_ENV } from './playwright.config';

/**
 * Opens, from the queue on screen, the open item of this kind about the member. Other tests file
 * items too: the one about this test's member is found through the queue call, then clicked.
 */
async function openItemAbout(moderator: Page, kind: ModerationSource, memberId: number) {
  const response = await moderator.request.get(`/api/console/moderation/items?kind=${kind}`);
  const queue = (await response.json()) as ModerationQueueResponse;
  const item = queue.items.find((entry) => entry.reported_member?.id === memberId);
  if (!item) throw new Error(`No ${kind} item about member ${memberId} is in the queue`);
  await moderator
    .getByRole('list', { name: en('console.moderation.queue.list_label') })
    .getByRole('link', { name: item.reference })
    .click();
  return { item, panel: moderator.getByRole('region', { name: new RegExp(item.reference) }) };
}

test('a moderator bans a reported member from the queue: the member next sees the ban page, the reporter the outcome', async ({
  browser,
}) => {
  const reporter = await secondPage(browser);
  const rita = await signUpConfirmed(reporter.request, 'Rita');
  const reported = await secondPage(browser);
  const boris = await signUpConfirmed(reported.request, 'Boris');
  await reported.goto('/members');
  await expect(reported).toHaveURL(/\/members$/);

  const report = await reporter.request.post('/api/report.php', {
    data: { profile: boris.id, reason: 'scam', note: 'Asked me for money for a plane ticket' },
    headers: await csrfHeaders(reporter.request),
  });
  expect(report.status()).toBe(200);

  const context = await staffContext(browser);
  const moderator = await context.newPage();
  const email = `moderation-admin-${unique()}@console.test`;
  await firstLogin(moderator, email, await createConsoleAdmin(TEST_ENV, email, 'Mia Moderator'));
  await moderator
    .getByRole('navigation', { name: en('console.nav.label') })
    .getByRole('link', { name: en('console.moderation.nav') })
    .click();
  await expect(moderator.getByRole('heading', { name: en('console.moderation.title'), level: 1 })).toBeVisible();

  const { item, panel } = await openItemAbout(moderator, 'report', boris.id);
  await expect(panel.getByText(`Boris (#${boris.id})`)).toBeVisible();
  await panel.getByRole('button', { name: en('console.moderation.item.take') }).click();
  await expect(panel.getByRole('button', { name: en('console.moderation.item.release') })).toBeVisible();

  const form = panel.getByRole('form', { name: en('console.moderation.decide.title') });
  await form.getByRole('radio', { name: en('console.moderation.actions.ban') }).check();
  await form
    .getByLabel(en('console.moderation.decide.reason'))
    .selectOption({ label: en('console.moderation.reasons.fraud') });
  await form.getByRole('button', { name: en('console.moderation.decide.submit') }).click();
  await expect(panel.getByRole('status')).toContainText(/RV-/);
  await expect(form).toBeHidden();

  await reported.goto('/members');
  await expect(reported).toHaveURL(/\/pages\/ban$/);

  const outcome = await mailWithSubject(reporter.request, rita.email, new RegExp(item.reference));
  expect(outcome.text).toContain('the account was closed for good');

  await Promise.all([context.close(), reporter.context().close(), reported.context().close()]);
});

test('a message giving a phone number reaches the queue by itself, and the moderator exports its evidence', async ({
  browser,
}) => {
  const writer = await secondPage(browser);
  const walter = await signUpConfirmed(writer.request, 'Walter');
  const reader = await secondPage(browser);
  const rosa = await signUpConfirmed(reader.request, 'Rosa');
  const started = await writer.request.get(`/api/chat.php?profile=${rosa.id}`, { headers: { [CLIENT_HEADER]: 'e2e' } });
  expect(started.status()).toBe(200);
  const { id: conversation } = (await started.json()) as { id: number };
  const body = 'Call me on +31 6 1234 5678, it is easier';
  const sent = await writer.request.post('/api/messages.php', {
    data: { conversation, body },
    headers: await csrfHeaders(writer.request),
  });
  expect(sent.status()).toBe(200);

  const context = await staffContext(browser);
  const moderator = await context.newPage();
  const email = `evidence-admin-${unique()}@console.test`;
  await firstLogin(moderator, email, await createConsoleAdmin(TEST_ENV, email, 'Eva Evidence'));
  await moderator.goto('/console/moderation?kind=rule');
  const { item, panel } = await openItemAbout(moderator, 'rule', walter.id);
  await expect(panel.getByRole('heading', { name: new RegExp(en('console.moderation.kinds.rule')) })).toBeVisible();
  await expect(panel.getByText(en('console.moderation.rules.contact_details'))).toBeVisible();
  await expect(panel.getByText(en('console.moderation.messages.flagged'))).toBeVisible();
  await expect(panel.getByText(body)).toBeVisible();

  const [download] = await Promise.all([
    moderator.waitForEvent('download'),
    panel.getByRole('button', { name: en('console.moderation.evidence.export') }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`evidence-${item.reference}.json`);
  const evidence = JSON.parse(await fs.readFile(await download.path(), 'utf8')) as ModerationEvidence;
  expect(evidence.member?.email).toBe(walter.email);
  expect(evidence.messages.map((message) => message.body)).toEqual([body]);
  await expect(panel.getByRole('status')).toContainText(`evidence-${item.reference}.json`);

  await Promise.all([context.close(), writer.context().close(), reader.context().close()]);
});
