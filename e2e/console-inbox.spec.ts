import type { BrowserContext, Page } from '@playwright/test';
import { LOCALES, type ConsoleMe } from '@rendezvous/contract';
import {
  createConsoleAdmin,
  createStaff,
  firstLogin,
  memberAndPersona,
  staffContext,
  unique,
  writeTo,
} from './console';
import { en, expect, test } from './fixtures';
import { untranslatedText } from './members';
import { PORT, TEST_ENV } from './playwright.config';

/**
 * The inbox on the development-like server: a member writes to one of the site's personas, staff
 * of this file's own (an admin from `npm run console:admin`, operators the admin creates) answer.
 * `take next` takes the longest wait of the operator's scope, so these tests run in order: the
 * first one's member is the only one waiting unclaimed when its operator presses the key.
 */
test.describe.configure({ mode: 'default' });

interface Staff {
  name: string;
  context: BrowserContext;
  page: Page;
}

let admin: Staff;
let olga: Staff;
let carl: Staff;

test.beforeAll(async ({ browser }) => {
  const id = unique();
  const adminEmail = `inbox-admin-${id}@console.test`;
  const adminContext = await staffContext(browser);
  const adminPage = await adminContext.newPage();
  await firstLogin(adminPage, adminEmail, await createConsoleAdmin(TEST_ENV, adminEmail, 'Ines Admin'));
  admin = { name: 'Ines Admin', context: adminContext, page: adminPage };

  // Operators of the member site (localhost), in every language.
  const me = (await (await adminPage.request.get('/api/console/me')).json()) as ConsoleMe;
  const site = me.sites.find((candidate) => candidate.name === 'Rendezvous');
  if (!site) throw new Error('The demo data has no Rendezvous site');
  const operator = async (name: string): Promise<Staff> => {
    const email = `${name.split(' ')[0]!.toLowerCase()}-${id}@console.test`;
    const password = await createStaff(adminPage, {
      email,
      name,
      role: 'operator',
      sites: [site.id],
      languages: [...LOCALES],
      capacity: 5,
    });
    const context = await staffContext(browser);
    const page = await context.newPage();
    await firstLogin(page, email, password);
    return { name, context, page };
  };
  // Named apart: a worker started again after a failure makes new ones on the same server.
  olga = await operator(`Olga ${id}`);
  carl = await operator(`Carl ${id}`);
});

test.afterAll(async () => {
  await Promise.all([admin, olga, carl].map((staff) => staff?.context.close()));
});

const queueRow = (page: Page, member: string, persona: string) =>
  page
    .getByRole('list', { name: en('console.inbox.queue.list_label') })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: en('console.inbox.queue.row', { member, persona }) }) });

const composerOf = (page: Page, member: string, persona: string) =>
  page.getByRole('textbox', { name: en('console.inbox.composer.label', { member, persona }) });

test('an operator takes the next conversation, answers with a snippet, and the member sees it without reloading', async ({
  browser,
}) => {
  const { member, persona } = await memberAndPersona(browser, 'Mirjam');
  const operator = olga.page;

  // Olga keeps one snippet of her own, written with variables.
  await operator.goto('/console/inbox');
  await operator.getByRole('button', { name: en('console.inbox.snippets.mine') }).click();
  const snippets = operator.getByRole('dialog', { name: en('console.inbox.snippets.mine') });
  await snippets.getByLabel(en('console.inbox.snippets.shortcut')).fill('hello');
  await snippets
    .getByLabel(en('console.inbox.snippets.body'))
    .fill('Hello {member.name}, how lovely to hear from you! Warmly, {persona.name}');
  await snippets.getByRole('button', { name: en('console.inbox.snippets.add') }).click();
  await expect(snippets.getByRole('list', { name: en('console.inbox.snippets.mine') })).toContainText('/hello');
  await operator.keyboard.press('Escape');
  await expect(snippets).toBeHidden();

  // The member writes; the open queue shows it without a reload.
  await writeTo(member, persona, 'Hi there, are you around this evening?');
  const row = queueRow(operator, 'Mirjam', persona.name);
  await expect(row).toContainText('Hi there, are you around this evening?');
  await expect(row).toContainText(en('console.inbox.queue.waiting'));

  // One key takes it: the workspace opens it as a tab, with the member's message.
  await operator.keyboard.press('n');
  await expect(operator).toHaveURL(/\/console\/inbox\/conversations\/\d+$/);
  const tabs = operator.getByRole('navigation', { name: en('console.inbox.tabs.label') });
  await expect(
    tabs.getByRole('link', {
      name: new RegExp(en('console.inbox.queue.row', { member: 'Mirjam', persona: persona.name })),
    }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(
    operator.getByRole('list', {
      name: en('console.inbox.history.label', { member: 'Mirjam', persona: persona.name }),
    }),
  ).toContainText('Hi there, are you around this evening?');
  await expect(row).toContainText(en('console.inbox.queue.held_by_you'));

  // `c` goes to the reply; `/hel` offers the snippet, Enter puts it in with the names filled in.
  await operator.keyboard.press('c');
  const composer = composerOf(operator, 'Mirjam', persona.name);
  await expect(composer).toBeFocused();
  await operator.keyboard.type('/hel');
  await expect(operator.getByRole('option', { name: /\/hello/ })).toBeVisible();
  await operator.keyboard.press('Enter');
  const answer = `Hello Mirjam, how lovely to hear from you! Warmly, ${persona.name}`;
  await expect(composer).toHaveValue(answer);
  await operator.keyboard.press('Control+Enter');
  await expect(composer).toHaveValue('');
  await expect(
    operator.getByRole('list', {
      name: en('console.inbox.history.label', { member: 'Mirjam', persona: persona.name }),
    }),
  ).toContainText(answer);
  // Answered: it leaves the queue.
  await expect(row).toHaveCount(0);

  // The member's open chat shows the answer, without a reload.
  await expect(member.getByRole('list', { name: en('chats.messages_label', { name: persona.name }) })).toContainText(
    answer,
  );
  await member.context().close();
});

test('a draft survives a reload', async ({ browser }) => {
  const { member, persona } = await memberAndPersona(browser, 'Dorien');
  await writeTo(member, persona, 'Do you like walking by the sea?');
  await member.context().close();

  const operator = olga.page;
  await operator.goto('/console/inbox');
  await queueRow(operator, 'Dorien', persona.name)
    .getByRole('button', { name: new RegExp(en('console.inbox.queue.take')) })
    .click();
  const composer = composerOf(operator, 'Dorien', persona.name);
  await composer.fill('Dear Dorien, the sea is my favourite place');

  // At once, well within the pause after which typing is saved: leaving the page saves it.
  await operator.reload();
  await expect(composer).toHaveValue('Dear Dorien, the sea is my favourite place');
});

test('a second operator sees who holds a conversation and cannot reply; the supervisor sees the claim', async ({
  browser,
}) => {
  const { member, persona } = await memberAndPersona(browser, 'Wilma');
  await writeTo(member, persona, 'Is anyone there?');
  await member.context().close();

  await olga.page.goto('/console/inbox');
  await queueRow(olga.page, 'Wilma', persona.name)
    .getByRole('button', { name: new RegExp(en('console.inbox.queue.take')) })
    .click();
  await expect(composerOf(olga.page, 'Wilma', persona.name)).toBeEnabled();

  const other = carl.page;
  await other.goto('/console/inbox');
  const row = queueRow(other, 'Wilma', persona.name);
  await expect(row).toContainText(`${en('console.inbox.queue.held_by')} ${olga.name}`);
  await row.getByRole('link').click();
  await expect(other.getByText(en('console.inbox.workspace.held_by_other', { name: olga.name }))).toBeVisible();
  await expect(composerOf(other, 'Wilma', persona.name)).toBeDisabled();
  await expect(other.getByRole('button', { name: en('console.inbox.composer.send') })).toBeDisabled();

  await admin.page.goto('/console/inbox/supervision');
  const claims = admin.page.getByRole('table', { name: en('console.inbox.supervision.claims') });
  await expect(
    claims.getByRole('row', {
      name: new RegExp(en('console.inbox.queue.row', { member: 'Wilma', persona: persona.name })),
    }),
  ).toContainText(olga.name);
  const operators = admin.page.getByRole('table', { name: en('console.inbox.supervision.operators') });
  await expect(operators.getByRole('row', { name: new RegExp(olga.name) })).toContainText(
    en('console.inbox.supervision.is_online'),
  );
});

test('every visible string of the inbox goes through translation, and a phone shows it without sideways scrolling', async ({
  page,
  context,
}) => {
  const { cookies } = await admin.context.storageState();
  await context.addCookies([...cookies, { name: 'i18n_redirected', value: 'pseudo', url: `http://localhost:${PORT}` }]);
  for (const [path, heading] of [
    ['/console/inbox', /console\.inbox\.title/],
    ['/console/inbox/supervision', /console\.inbox\.supervision\.title/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await untranslatedText(page), path).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      path,
    ).toBeLessThanOrEqual(0);
  }
  await page.goto('/console/inbox');
  await page.getByRole('button', { name: /console\.inbox\.shortcuts\.open/ }).click();
  await expect(page.getByRole('dialog', { name: '[[console.inbox.shortcuts.title]]' })).toBeVisible();
  expect(await untranslatedText(page)).toEqual([]);
});
