import type { BrowserContext, Locator, Page } from '@playwright/test';
import { CONSOLE_INBOX_PATHS, LOCALES, consolePath, type ConsoleMe } from '@rendezvous/contract';
import { expectNoAxeViolations } from './axe';
import {
  adminConsole,
  createConsoleAdmin,
  createStaff,
  firstLogin,
  logInNewAdmin,
  memberAndPersona,
  staffContext,
  unique,
  writeTo,
  type FirstLoginStep,
  type StaffDevice,
} from './console';
import { en, expect, test } from './fixtures';
import { csrfHeaders } from './members';
import { TEST_ENV } from './playwright.config';

/** Issue 15: the console is "usable on a tablet"; a portrait iPad-sized window, used by touch. */
const TABLET: StaffDevice = { viewport: { width: 768, height: 1024 }, hasTouch: true };

/** More than the menu, a skip link and any screen's fields before its main action. */
const MOST_TABS = 60;

/**
 * Tab from where the focus is now (the top of a freshly loaded page, or a dialog's first field)
 * until `target` has the focus: a keyboard user reaches the screen's main action.
 */
async function expectReachableByTab(page: Page, target: Locator, where: string) {
  await expect(target, where).toBeVisible();
  for (let presses = 0; presses < MOST_TABS; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  expect(await target.evaluate((element) => element === document.activeElement), `Tab reaches ${where}`).toBe(true);
}

/** What every console screen owes a tablet: no accessibility violations, no sideways scrolling, its main action by keyboard. */
async function expectTabletReady(page: Page, primary: Locator, where: string) {
  await page.waitForLoadState('networkidle');
  await expectNoAxeViolations(page, where);
  expect(
    await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth),
    `${where} scrolls sideways`,
  ).toBeLessThanOrEqual(0);
  await expectReachableByTab(page, primary, where);
}

const heading = (page: Page, key: string) => page.getByRole('heading', { level: 1, name: en(key) });

// Each test runs axe a few times at most: on a busy two-core machine one run takes seconds.
test.describe('logging in on a tablet', () => {
  test.describe.configure({ mode: 'serial' });
  const email = `tablet-${unique()}@console.test`;
  let password: string;

  test('the first login: password, two-factor enrolment and recovery codes', async ({ browser }) => {
    password = await createConsoleAdmin(TEST_ENV, email, 'Tess Tablet');
    const context = await staffContext(browser, TABLET);
    const page = await context.newPage();
    const stepAction: Record<FirstLoginStep, Locator> = {
      password: page.getByRole('button', { name: en('console.login.submit') }),
      enrol: page.getByRole('button', { name: en('console.enrol.submit') }),
      recovery: page.getByRole('button', { name: en('console.recovery.saved') }),
    };
    await firstLogin(page, email, password, (step) => expectTabletReady(page, stepAction[step], `login: ${step}`));
    await context.close();
  });

  test('every later login asks for the app code', async ({ browser }) => {
    const later = await (await staffContext(browser, TABLET)).newPage();
    await later.goto('/console/login');
    await later.getByLabel(en('console.login.email')).fill(email);
    await later.getByLabel(en('console.login.password')).fill(password);
    await later.getByRole('button', { name: en('console.login.submit') }).click();
    await expect(later.getByLabel(en('console.login.code'))).toBeVisible();
    await expectTabletReady(later, later.getByRole('button', { name: en('console.login.verify') }), 'login: code');
    await later.context().close();
  });
});

test.describe('an admin on a tablet', () => {
  // One admin walks the screens in turn, each screen a test of its own.
  test.describe.configure({ mode: 'serial' });
  let admin: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    admin = await staffContext(browser, TABLET);
    page = await admin.newPage();
    await logInNewAdmin(page);
  });
  test.afterAll(() => admin.close());

  const main = () => page.getByRole('main');
  const visit = async (path: string, title: string, primary: Locator) => {
    await page.goto(path);
    await expect(heading(page, title)).toBeVisible();
    await expectTabletReady(page, primary, path);
  };
  /** A list whose main action opens its form in a dialog: the list, then the dialog with its own main action. */
  const visitAndOpen = async (path: string, title: string, open: string, dialogTitle: string, submit: string) => {
    const opener = main().getByRole('button', { name: en(open) });
    await visit(path, title, opener);
    await opener.click();
    const dialog = page.getByRole('dialog', { name: en(dialogTitle) });
    await expectTabletReady(page, dialog.getByRole('button', { name: en(submit) }), `${path}: ${dialogTitle}`);
  };

  test('home and supervision', async () => {
    await page.goto('/console');
    await expectTabletReady(page, main().getByRole('link', { name: en('console.inbox.nav') }), 'home');
    await visit(
      '/console/inbox/supervision',
      'console.inbox.supervision.title',
      main().getByLabel(en('console.inbox.supervision.window')),
    );
  });

  test('staff and its create dialog', async () => {
    await visitAndOpen(
      '/console/staff',
      'console.staff.title',
      'console.staff.add',
      'console.staff.form.create_title',
      'console.staff.form.submit_create',
    );
  });

  test('audit log', async () => {
    await visit(
      '/console/audit',
      'console.audit.title',
      main().getByRole('button', { name: en('console.audit.apply') }),
    );
  });

  // One screen a test: each walks its fields by keyboard and runs axe, which on a busy machine takes a while.
  test('the personas list', async () => {
    await visit(
      '/console/personas',
      'console.personas.title',
      main().getByRole('link', { name: en('console.personas.add') }),
    );
  });

  test('one persona', async () => {
    await page.goto('/console/personas');
    const personaPath = await main().getByRole('table').getByRole('link').first().getAttribute('href');
    await page.goto(personaPath!);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectTabletReady(
      page,
      main()
        .getByRole('region', { name: en('console.personas.sheet.title') })
        .getByRole('button', { name: en('console.personas.sheet.save') }),
      'persona',
    );
  });

  test('a new persona', async () => {
    await visit(
      '/console/personas/new',
      'console.personas.create.title',
      main().getByRole('button', { name: en('console.personas.create.submit') }),
    );
  });

  test('snippets and the add dialog', async () => {
    await visitAndOpen(
      '/console/snippets',
      'console.snippets.title',
      'console.snippets.add',
      'console.snippets.form.create_title',
      'console.snippets.form.save',
    );
  });

  test('site settings and own account', async () => {
    await visit(
      '/console/settings',
      'console.settings.title',
      main()
        .getByRole('button', { name: en('console.settings.save') })
        .first(),
    );
    await visit(
      '/console/account',
      'console.account.title',
      main().getByRole('button', { name: en('console.account.save') }),
    );
  });
});

test.describe('an operator on a tablet', () => {
  // The setup (an admin, an operator, a member writing to a persona) once; each screen a test of its own.
  test.describe.configure({ mode: 'serial' });
  let context: BrowserContext;
  let page: Page;
  let conversation: number;
  let row: { member: string; persona: string };

  test.beforeAll(async ({ browser }) => {
    const admin = await adminConsole(browser);
    const me = (await (await admin.request.get('/api/console/me')).json()) as ConsoleMe;
    const site = me.sites.find((candidate) => candidate.name === 'Rendezvous');
    if (!site) throw new Error('The demo data has no Rendezvous site');
    const operatorEmail = `tablet-operator-${unique()}@console.test`;
    const operatorPassword = await createStaff(admin, {
      email: operatorEmail,
      name: 'Tilly Tablet',
      role: 'operator',
      sites: [site.id],
      languages: [...LOCALES],
      capacity: 5,
    });
    await admin.context().close();

    context = await staffContext(browser, TABLET);
    page = await context.newPage();
    await firstLogin(page, operatorEmail, operatorPassword);

    const { member, persona } = await memberAndPersona(browser, 'Tineke');
    await writeTo(member, persona, 'Are you on a tablet too?');
    conversation = Number(/(\d+)$/.exec(member.url())?.[1]);
    await member.context().close();
    row = { member: 'Tineke', persona: persona.name };
    // Held at once: the inbox's own tests take the longest unclaimed wait with one key.
    const claim = await page.request.post(consolePath(CONSOLE_INBOX_PATHS.claim, conversation), {
      data: {},
      headers: await csrfHeaders(page),
    });
    expect(claim.status(), await claim.text()).toBe(200);
  });
  test.afterAll(() => context.close());

  test('the queue', async () => {
    await page.goto('/console/inbox');
    await expect(heading(page, 'console.inbox.title')).toBeVisible();
    await expectTabletReady(
      page,
      page
        .getByRole('list', { name: en('console.inbox.queue.list_label') })
        .getByRole('link', { name: en('console.inbox.queue.row', row) }),
      'inbox: queue',
    );
  });

  test('an open conversation, with the inbox current in the menu', async () => {
    await page.goto(`/console/inbox/conversations/${conversation}`);
    await expect(page.getByRole('list', { name: en('console.inbox.history.label', row) })).toContainText(
      'Are you on a tablet too?',
    );
    await expect(
      page
        .getByRole('navigation', { name: en('console.nav.label') })
        .getByRole('link', { name: en('console.inbox.nav') }),
    ).toHaveAttribute('aria-current', 'page');
    const composer = page.getByRole('textbox', { name: en('console.inbox.composer.label', row) });
    await expectTabletReady(page, composer, 'inbox: open conversation');
  });

  test('the shortcut help', async () => {
    await page.getByRole('button', { name: en('console.inbox.shortcuts.open') }).click();
    const help = page.getByRole('dialog', { name: en('console.inbox.shortcuts.title') });
    await expectTabletReady(
      page,
      help.getByRole('checkbox', { name: en('console.inbox.shortcuts.single_keys') }),
      'inbox: shortcut help',
    );
  });
});
