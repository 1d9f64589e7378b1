import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import type { CreateStaffRequest, ProfileCard, StaffPasswordResponse, TotpEnrolment } from '@rendezvous/contract';
import { generate } from 'otplib';
import { en, expect } from './fixtures';
import { activeMember, csrfHeaders, secondPage } from './members';
import { TEST_ENV } from './playwright.config';

const ADMIN_CLI = path.resolve(import.meta.dirname, '../server/dist/console-admin-cli.js');

export const unique = () => crypto.randomBytes(4).toString('hex');

/**
 * `npm run console:admin` against the database of the server `env` describes; answers the password
 * it prints. Run without blocking, so a test can set up other things while it works (a few seconds).
 */
export async function createConsoleAdmin(env: Record<string, string>, email: string, name: string): Promise<string> {
  const { stdout } = await promisify(execFile)('node', [ADMIN_CLI, '--email', email, '--name', name], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  const password = /Password \(shown only now[^:]*\): (\S+)/.exec(stdout)?.[1];
  if (!password) throw new Error(`console:admin printed no password:\n${stdout}`);
  return password;
}

/** An admin of the test's own on the development server, logged in on `page` (two-factor set up). */
export async function logInNewAdmin(page: Page, name = 'Ada Admin'): Promise<void> {
  const email = `admin-${unique()}@console.test`;
  await logInEnrolled(page, email, await createConsoleAdmin(TEST_ENV, email, name));
}

/** A new admin's console in a staff context of its own (a laptop), logged in and on the console's home. */
export async function adminConsole(browser: Browser, name?: string): Promise<Page> {
  const admin = await (await staffContext(browser)).newPage();
  await logInNewAdmin(admin, name);
  return admin;
}

/**
 * A staff member's first login through the console's calls rather than its screens, for tests whose
 * subject comes after it (the screens have tests of their own: `firstLogin`): the password, the
 * authenticator app enrolled with a code from its key, then the console's home.
 */
export async function logInEnrolled(page: Page, email: string, password: string): Promise<void> {
  // The first call, refused before a login, hands out the CSRF cookie the calls carry back.
  expect((await page.request.get('/api/console/me')).status()).toBe(403);
  const headers = await csrfHeaders(page);
  const login = await page.request.post('/api/console/login', { data: { email, password }, headers });
  expect(login.status(), await login.text()).toBe(200);
  const { secret } = (await (await page.request.get('/api/console/totp/enrolment')).json()) as TotpEnrolment;
  const enrolled = await page.request.post('/api/console/totp/enrol', {
    data: { code: await generate({ secret }) },
    headers,
  });
  expect(enrolled.status(), await enrolled.text()).toBe(200);
  await page.goto('/console');
  await expect(page.getByRole('navigation', { name: en('console.nav.label') })).toBeVisible();
}

/** Where the first login stands when `atEachStep` is called: the password form, the app's set-up, the codes to save. */
export type FirstLoginStep = 'password' | 'enrol' | 'recovery';

/**
 * The first login: the password, then the authenticator app set up from the key shown in text
 * (the app's code computed from it here), then the recovery codes saved. Answers the app's key;
 * `atEachStep` looks at each step before it is completed.
 */
export async function firstLogin(
  page: Page,
  email: string,
  password: string,
  atEachStep: (step: FirstLoginStep) => Promise<void> = async () => {},
): Promise<string> {
  await page.goto('/console');
  await expect(page).toHaveURL(/\/console\/login$/);
  await atEachStep('password');
  await page.getByLabel(en('console.login.email')).fill(email);
  await page.getByLabel(en('console.login.password')).fill(password);
  await page.getByRole('button', { name: en('console.login.submit') }).click();

  await expect(page.getByRole('heading', { name: en('console.enrol.title') })).toBeVisible();
  await expect(page.getByRole('img', { name: en('console.enrol.qr_alt') })).toBeVisible();
  await atEachStep('enrol');
  const secret = await page.getByLabel(en('console.enrol.secret_label')).inputValue();
  await page.getByLabel(en('console.login.code')).fill(await generate({ secret }));
  await page.getByRole('button', { name: en('console.enrol.submit') }).click();

  const codes = page.getByRole('list', { name: en('console.recovery.list_label') }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await atEachStep('recovery');
  await page.getByRole('button', { name: en('console.recovery.saved') }).click();
  await expect(page).toHaveURL(/\/console$/);
  return secret;
}

export type StaffDevice = Pick<BrowserContextOptions, 'viewport' | 'hasTouch'>;
const LAPTOP: StaffDevice = { viewport: { width: 1280, height: 900 } };

/** A browser context of its own for one staff member: a laptop's window unless told, an address of its own (per-IP limits). */
export function staffContext(browser: Browser, device: StaffDevice = LAPTOP): Promise<BrowserContext> {
  const [a, b, c] = crypto.randomBytes(3);
  return browser.newContext({ ...device, extraHTTPHeaders: { 'x-forwarded-for': `10.${a}.${b}.${c}` } });
}

/** A staff account made by the admin logged in on `admin`, through the staff call; answers its password. */
export async function createStaff(admin: Page, staff: CreateStaffRequest): Promise<string> {
  const response = await admin.request.post('/api/console/staff', { data: staff, headers: await csrfHeaders(admin) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as StaffPasswordResponse).password;
}

/** An admin on the staff screen adds an account on the given sites; answers the password handed over. */
export async function addStaff(
  page: Page,
  staff: { name: string; role: 'admin' | 'supervisor' | 'operator'; sites: string[] },
): Promise<{ email: string; password: string }> {
  await page
    .getByRole('navigation', { name: en('console.nav.label') })
    .getByRole('link', { name: en('console.nav.staff') })
    .click();
  await page.getByRole('button', { name: en('console.staff.add') }).click();
  const form = page.getByRole('dialog', { name: en('console.staff.form.create_title') });
  const email = `${staff.role}-${unique()}@console.test`;
  await form.getByLabel(en('console.staff.form.email')).fill(email);
  await form.getByLabel(en('console.staff.form.name')).fill(staff.name);
  await form.getByLabel(en('console.staff.form.role')).selectOption(staff.role);
  for (const site of staff.sites) await form.getByRole('checkbox', { name: site }).check();
  await form.getByLabel(en('console.staff.form.capacity')).fill('4');
  await form.getByRole('button', { name: en('console.staff.form.submit_create') }).click();

  const handover = page.getByRole('dialog', { name: en('console.staff.password_title', { name: staff.name }) });
  const password = (await handover.getByLabel(en('console.staff.password_label')).textContent()) ?? '';
  await handover.getByRole('button', { name: en('console.staff.done') }).click();
  return { email, password };
}

/**
 * A new member on a phone, logged in, and a persona of the site found through their own search:
 * one of the demo data's, the lowest id. The persona specs make personas of their own and hide or
 * retire them while other specs run; a conversation with one of those could leave the queue mid-test.
 */
export async function memberAndPersona(browser: Browser, name: string) {
  const member = await secondPage(browser);
  await activeMember(member, name);
  const search = await member.request.get('/api/search.php?auto_load=1');
  const { profiles } = (await search.json()) as { profiles: ProfileCard[] };
  const [persona] = profiles.filter((profile) => profile.fictional).sort((a, b) => a.id - b.id);
  if (!persona) throw new Error('The first search page shows no persona');
  return { member, persona };
}

/** The member opens the persona's chat and writes; the chat stays open. */
export async function writeTo(member: Page, persona: ProfileCard, text: string) {
  await member.goto(`/members/${persona.id}`);
  await member.getByRole('link', { name: en('member_page.chat', { name: persona.name }) }).click();
  await expect(member).toHaveURL(/\/chats\/\d+$/);
  const composer = member.getByRole('textbox', { name: en('chats.message_label', { name: persona.name }) });
  await composer.fill(text);
  await composer.press('Enter');
  await expect(member.getByRole('list', { name: en('chats.messages_label', { name: persona.name }) })).toContainText(
    text,
  );
}
