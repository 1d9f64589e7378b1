import { LOCALES, REGIONAL, expect, message, rootClasses, test } from './fixtures';
import { LOCAL_MAIL_PORT, PORT, PRODUCTION_PORT } from './playwright.config';

test.describe('the home page in every language', () => {
  for (const locale of LOCALES) {
    test(`${locale} by cookie`, async ({ page, context }) => {
      await context.addCookies([{ name: 'i18n_redirected', value: locale, url: `http://localhost:${PORT}` }]);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(message(locale, 'home.title'));
      await expect(page.locator('html')).toHaveAttribute('lang', REGIONAL[locale]);
    });
  }

  for (const locale of LOCALES) {
    test.describe(`${locale} by browser language`, () => {
      test.use({ locale: REGIONAL[locale] });
      test('renders in that language', async ({ page }) => {
        await page.goto('/');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(message(locale, 'home.title'));
      });
    });
  }

  test('the language switcher changes the language and remembers it', async ({ page, context }) => {
    await page.goto('/');
    await page.getByRole('button', { name: message('en', 'nav.menu') }).click();
    await page.getByLabel(message('en', 'nav.language')).selectOption('de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('de', 'home.title'));
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'i18n_redirected')?.value).toBe('de');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('de', 'home.title'));
  });
});

test.describe('templates', () => {
  test('localhost is the classic site, its settings inside the first HTML', async ({ page }) => {
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
    });
    await page.goto(`http://localhost:${PORT}/`);
    await expect(page.getByRole('link', { name: 'Rendezvous' }).first()).toBeVisible();
    expect(apiCalls).toEqual([]);
    expect(await rootClasses(page)).toEqual(expect.arrayContaining(['classic', 'index']));
    expect(await rootClasses(page)).not.toContain('logged-in');
  });

  test('boxy.localhost is the boxy site and looks different', async ({ page }) => {
    await page.goto(`http://localhost:${PORT}/`);
    const classicHeader = await page
      .locator('header')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    await page.goto(`http://boxy.localhost:${PORT}/`);
    expect(await rootClasses(page)).toEqual(expect.arrayContaining(['boxy', 'index']));
    const boxyHeader = await page
      .locator('header')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(boxyHeader).not.toBe(classicHeader);
    await expect(page.getByRole('link', { name: 'Silver Sparks' }).first()).toBeVisible();
  });
});

test.describe('errors and guards', () => {
  test('an unknown path shows the not-found page with status 404', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText(message('en', 'errors.not_found').replace('{{path}}', '/no-such-page'))).toBeVisible();
    await expect(page.getByRole('heading', { name: message('en', 'errors.signup_for_free') })).toBeVisible();
    // The sign-up form itself, without its own title.
    await expect(page.getByLabel(message('en', 'signup.email'))).toBeVisible();
    await expect(page.getByRole('heading', { name: message('en', 'signup.title') })).toHaveCount(0);
  });

  test('bots get a plain status, not the error page', async ({ request }) => {
    const response = await request.get('/no-such-page', {
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    });
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('text/plain');
    expect(await response.text()).toBe('404 Not Found');
  });

  test('an unhandled error in the page lands on the error page', async ({ page, consoleErrors }) => {
    await page.goto('/');
    // Thrown again until the app has hydrated and its listener catches it.
    await expect(async () => {
      await page.evaluate(() => {
        setTimeout(() => {
          throw new Error('an unexpected failure');
        });
      });
      await expect(page.getByRole('heading', { name: message('en', 'errors.title') })).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 10_000 });
    await expect(page.locator('.error-status')).toHaveText('500');
    // The thrown error and React's report of it are what this test provokes.
    consoleErrors.length = 0;
  });

  test('a protected route sends a logged-out visitor to login', async ({ page }) => {
    await page.goto('/members');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fmembers$/);
    expect(await rootClasses(page)).toContain('login');
  });

  test('a route of a later feature says it is not available yet', async ({ page }) => {
    await page.goto('/pages/terms');
    await expect(page.getByRole('heading', { name: message('en', 'not_available.title') })).toBeVisible();
    expect(await rootClasses(page)).toContain('pages-terms');
  });

  test('unknown API paths answer in JSON', async ({ request }) => {
    const response = await request.get('/api/unknown.php');
    expect(response.status()).toBe(404);
    expect((await response.json()).error.code).toBe('not_found');
  });
});

test.describe('developer previews', () => {
  test('dialogs and toasts can be tried out in development', async ({ page }) => {
    await page.goto('/_dev/dialogs');
    await page.getByRole('button', { name: message('en', 'dev.open_large_modal') }).click();
    const dialog = page.getByRole('dialog', { name: message('en', 'dev.large_modal_title') });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: message('en', 'dev.show_danger_toast') }).click();
    await expect(page.getByRole('alert').filter({ hasText: message('en', 'dev.toast_danger_text') })).toBeVisible();
  });

  test('without SMTP, mail waits in the development mailbox with working links', async ({ page }) => {
    const site = `http://localhost:${LOCAL_MAIL_PORT}`;
    await page.goto(`${site}/reset-password`);
    await page.getByLabel(message('en', 'login.email')).fill('anna@demo.rendezvous.localhost');
    await page.getByRole('button', { name: message('en', 'reset.submit') }).click();
    await expect(page.getByRole('status')).toBeVisible();

    await expect(async () => {
      await page.goto(`${site}/_dev/mailbox`);
      await page
        .getByRole('listitem')
        .filter({ hasText: 'anna@demo.rendezvous.localhost' })
        .first()
        .getByRole('button', { name: message('en', 'dev.mailbox_open') })
        .click({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await page.getByRole('article').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/reset-password\/do\?token=/);
  });

  test('redirect to the home page in production', async ({ page }) => {
    await page.goto(`http://localhost:${PRODUCTION_PORT}/_dev/dialogs`);
    await expect(page).toHaveURL(`http://localhost:${PRODUCTION_PORT}/`);
  });
});

test.describe('pseudo-locale', () => {
  test('every visible string on the home page goes through translation', async ({ page, context }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: 'pseudo', url: `http://localhost:${PORT}` }]);
    await page.goto('/');
    const untranslated = await page.evaluate(() => {
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        const element = node.parentElement;
        if (!text || !element || element.closest('script, style, [translate="no"]')) continue;
        if (!element.checkVisibility()) continue;
        // Punctuation, digits and symbols need no translation; words must come as [[key]].
        const words = text.replace(/\[\[[\w.-]+\]\]/g, '').replace(/[\p{P}\p{S}\p{N}\s]/gu, '');
        if (words) found.push(text);
      }
      return found;
    });
    expect(untranslated).toEqual([]);
  });
});
