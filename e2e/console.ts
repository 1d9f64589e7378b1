import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { CreateStaffRequest, StaffPasswordResponse } from '@rendezvous/contract';
import { generate } from 'otplib';
import { en, expect } from './fixtures';
import { csrfHeaders } from './members';
import { TEST_ENV } from './playwright.config';

const ADMIN_CLI = path.resolve(import.meta.dirname, '../server/dist/console-admin-cli.js');

export const unique = () => crypto.randomBytes(4).toString('hex');

/** `npm run console:admin` against the database of the server `env` describes; answers the password it prints. */
export function createConsoleAdmin(env: Record<string, string>, email: string, name: string): string {
  const output = execFileSync('node', [ADMIN_CLI, '--email', email, '--name', name], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  const password = /Password \(shown only now[^:]*\): (\S+)/.exec(output)?.[1];
  if (!password) throw new Error(`console:admin printed no password:\n${output}`);
  return password;
}

/** An admin of the test's own on the development server, logged in on `page` (two-factor set up). */
export async function logInNewAdmin(page: Page): Promise<void> {
  const email = `ada-${unique()}@console.test`;
  await firstLogin(page, email, createConsoleAdmin(TEST_ENV, email, 'Ada Admin'));
}

/**
 * The first login: the password, then the authenticator app set up from the key shown in text
 * (the app's code computed from it here), then the recovery codes saved.
 */
export async function firstLogin(page: Page, email: string, password: string) {
  await page.goto('/console');
  await expect(page).toHaveURL(/\/console\/login$/);
  await page.getByLabel(en('console.login.email')).fill(email);
  await page.getByLabel(en('console.login.password')).fill(password);
  await page.getByRole('button', { name: en('console.login.submit') }).click();

  await expect(page.getByRole('heading', { name: en('console.enrol.title') })).toBeVisible();
  await expect(page.getByRole('img', { name: en('console.enrol.qr_alt') })).toBeVisible();
  const secret = await page.getByLabel(en('console.enrol.secret_label')).inputValue();
  await page.getByLabel(en('console.login.code')).fill(await generate({ secret }));
  await page.getByRole('button', { name: en('console.enrol.submit') }).click();

  const codes = page.getByRole('list', { name: en('console.recovery.list_label') }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await page.getByRole('button', { name: en('console.recovery.saved') }).click();
  await expect(page).toHaveURL(/\/console$/);
}

/** A browser context of its own for one staff member: a laptop's window, an address of its own (per-IP limits). */
export function staffContext(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<BrowserContext> {
  const [a, b, c] = crypto.randomBytes(3);
  return browser.newContext({ viewport, extraHTTPHeaders: { 'x-forwarded-for': `10.${a}.${b}.${c}` } });
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
