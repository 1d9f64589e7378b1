import crypto from 'node:crypto';
import { generate } from 'otplib';
import { createConsoleAdmin, firstLogin, unique } from './console';
import { en, expect, test } from './fixtures';
import { untranslatedText } from './members';
import { PORT, PRODUCTION_ENV, PRODUCTION_PORT } from './playwright.config';

test.describe('on a production server', () => {
  // No demo staff there: the first admin comes from the command, as on a real installation.
  test.use({ baseURL: `http://localhost:${PRODUCTION_PORT}` });

  test('an admin enrols two-factor login and creates an operator, who sees no staff management', async ({
    page,
    browser,
  }) => {
    const adminEmail = `ada-${unique()}@console.test`;
    await firstLogin(page, adminEmail, await createConsoleAdmin(PRODUCTION_ENV, adminEmail, 'Ada Admin'));
    await expect(page.getByRole('heading', { name: en('console.home.title', { name: 'Ada Admin' }) })).toBeVisible();

    const nav = page.getByRole('navigation', { name: en('console.nav.label') });
    await nav.getByRole('link', { name: en('console.nav.staff') }).click();
    await page.getByRole('button', { name: en('console.staff.add') }).click();
    const form = page.getByRole('dialog', { name: en('console.staff.form.create_title') });
    const operatorEmail = `otto-${unique()}@console.test`;
    await form.getByLabel(en('console.staff.form.email')).fill(operatorEmail);
    await form.getByLabel(en('console.staff.form.name')).fill('Otto Operator');
    await form.getByLabel(en('console.staff.form.role')).selectOption('operator');
    await form.getByRole('checkbox', { name: 'Rendezvous' }).check();
    await form.getByRole('checkbox', { name: 'Silver Sparks' }).check();
    await form.getByRole('checkbox', { name: 'Nederlands' }).check();
    await form.getByLabel(en('console.staff.form.capacity')).fill('4');
    await form.getByRole('button', { name: en('console.staff.form.submit_create') }).click();

    const handover = page.getByRole('dialog', { name: en('console.staff.password_title', { name: 'Otto Operator' }) });
    const operatorPassword = (await handover.getByLabel(en('console.staff.password_label')).textContent()) ?? '';
    expect(operatorPassword).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    await handover.getByRole('button', { name: en('console.staff.done') }).click();
    const row = page.getByRole('row', { name: /Otto Operator/ });
    await expect(row).toContainText(operatorEmail);
    await expect(row).toContainText(en('console.staff.two_factor.off'));

    // The operator, on a device of their own.
    const operatorContext = await browser.newContext({
      baseURL: `http://localhost:${PRODUCTION_PORT}`,
      extraHTTPHeaders: { 'x-forwarded-for': `10.9.${crypto.randomInt(250)}.${crypto.randomInt(250)}` },
    });
    const operator = await operatorContext.newPage();
    await firstLogin(operator, operatorEmail, operatorPassword);
    const operatorNav = operator.getByRole('navigation', { name: en('console.nav.label') });
    await expect(operatorNav.getByRole('link', { name: en('console.nav.account') })).toBeVisible();
    await expect(operatorNav.getByRole('link', { name: en('console.nav.staff') })).toHaveCount(0);
    await expect(operatorNav.getByRole('link', { name: en('console.nav.audit') })).toHaveCount(0);
    await operator.goto('/console/staff');
    await expect(operator.getByRole('heading', { name: en('console.not_allowed.title') })).toBeVisible();
    await operatorContext.close();

    // The admin reads who was created, by whom.
    await nav.getByRole('link', { name: en('console.nav.audit') }).click();
    const created = page.getByRole('row', { name: new RegExp(en('console.audit.actions.staff_create')) });
    await expect(created.filter({ hasText: operatorEmail })).toHaveCount(1);
    await expect(created.filter({ hasText: operatorEmail })).toContainText(adminEmail);
    await expect(
      page.getByRole('row', { name: new RegExp(en('console.audit.actions.staff_two_factor_enrolled')) }),
    ).toHaveCount(2);
  });
});

/** The demo admin as the start notice prints it on a development server (README: quick start). */
const DEMO_ADMIN = {
  email: 'admin@console.demo.rendezvous.localhost',
  password: 'rendezvous-demo',
  totpSecret: 'RVDEMOADMINSECRETKEYFORTOTPAAAAA',
};

test('every visible string of the console goes through translation', async ({ page, context }) => {
  await context.addCookies([{ name: 'i18n_redirected', value: 'pseudo', url: `http://localhost:${PORT}` }]);
  await page.goto('/console/login');
  await page.getByLabel('[[console.login.email]]').fill(DEMO_ADMIN.email);
  await page.getByLabel('[[console.login.password]]').fill(DEMO_ADMIN.password);
  expect(await untranslatedText(page)).toEqual([]);
  await page.getByRole('button', { name: '[[console.login.submit]]' }).click();
  await page.getByLabel('[[console.login.code]]').fill(await generate({ secret: DEMO_ADMIN.totpSecret }));
  expect(await untranslatedText(page)).toEqual([]);
  await page.getByRole('button', { name: '[[console.login.verify]]' }).click();
  // Logged in once the console's home opens; leaving sooner cuts the login's own way there short.
  await expect(page).toHaveURL(/\/console$/);

  for (const [path, heading] of [
    ['/console', /console\.home\.title/],
    ['/console/staff', /console\.staff\.title/],
    ['/console/audit', /console\.audit\.title/],
    ['/console/account', /console\.account\.title/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await untranslatedText(page), path).toEqual([]);
  }
  await page.goto('/console/staff');
  await page.getByRole('button', { name: '[[console.staff.add]]' }).click();
  await expect(page.getByRole('dialog', { name: '[[console.staff.form.create_title]]' })).toBeVisible();
  expect(await untranslatedText(page)).toEqual([]);
});
