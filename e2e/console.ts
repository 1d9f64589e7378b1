import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { CreateStaffRequest, StaffPasswordResponse } from '@rendezvous/contract';
import { generate } from 'otplib';
import { en, expect } from './fixtures';
import { csrfHeaders } from './members';

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
