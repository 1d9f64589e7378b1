import type { APIRequestContext, Page } from '@playwright/test';
import type { CreateOrderResponse, CreditPackagesResponse } from '@rendezvous/contract';
import { en, expect } from './fixtures';
import { csrfHeaders } from './members';

/*
 * Buying credits with the dev provider (issue 16). Its checkout is a page of the server at
 * /payments/dev/checkout with the buttons Pay, Fail, Cancel and Pay later, each ending on
 * /transactions/{id}. The demo site sells its packages in the member's payment country.
 */

export const ORDER_BUTTON = 'Order with obligation to pay';

/** What a new member's welcome code shows once the checkout has applied it by itself. */
export const WELCOME_APPLIED = new RegExp(
  `^${en('discounts.applied', { code: 'WELCOME-[0-9A-F]{10}', offer: '\\+20% credits' })}$`,
);

/**
 * From a package's checkout: a method, the box, the order, on to the dev provider's page. Every
 * member here is new, so the welcome bonus (+20 % credits on the demo sites) is applied first.
 * `keepMethod` ticks the optional box that keeps the method for one-step repeat orders.
 */
export async function orderWith(page: Page, method: string, { keepMethod = false } = {}) {
  await expect(page.getByText(WELCOME_APPLIED)).toBeVisible();
  await page
    .getByRole('radiogroup', { name: en('credits.method_label') })
    .getByRole('radio', { name: method })
    .check();
  if (keepMethod) await page.getByRole('checkbox', { name: en('credits.keep_method') }).check();
  await page.getByRole('checkbox', { name: en('credits.immediate_delivery') }).check();
  await page.getByRole('button', { name: ORDER_BUTTON }).click();
  await expect(page).toHaveURL(/\/payments\/dev\/checkout\?/);
}

/**
 * A paid order, bought through the API by the member logged in on `request` and paid at the dev
 * provider, for tests whose subject comes after the purchase: `creditPackage` by its id, or the
 * site's first package.
 */
export async function paidOrder(
  request: APIRequestContext,
  creditPackage?: string,
): Promise<{ creditPackage: string; order: number }> {
  const offer = (await (await request.get('/api/creditpackages.php')).json()) as CreditPackagesResponse;
  const bought = creditPackage ?? offer.packages[0]!.id;
  const ordered = await request.post('/api/orders.php', {
    data: { package: bought, method: 'card', country: offer.country, immediate_delivery: true },
    headers: await csrfHeaders(request),
  });
  expect(ordered.status()).toBe(200);
  const { order, redirect_url: checkout } = (await ordered.json()) as CreateOrderResponse;
  // The dev provider's page opens the payment; its Pay button settles it and notifies the server.
  expect((await request.get(checkout)).status()).toBe(200);
  const signed = Object.fromEntries(new URL(checkout, 'http://localhost').searchParams);
  const paid = await request.post(new URL(checkout, 'http://localhost').pathname, {
    form: { ...signed, outcome: 'paid' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  return { creditPackage: bought, order: order.id };
}
