import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeOrder, PACKAGES, PRICING } from '../features/credits/test/payment-fixtures';
import { fakeApi, json } from '../test/fake-api';
import { clientLoader as checkoutLoader } from './credits-checkout';
import { clientLoader as premiumLoader } from './premium';
import { clientLoader as transactionLoader } from './transaction';

type CheckoutArgs = Parameters<typeof checkoutLoader>[0];
type TransactionArgs = Parameters<typeof transactionLoader>[0];
type PremiumArgs = Parameters<typeof premiumLoader>[0];

const request = (path: string) => new Request(new URL(path, 'http://localhost'));
/** What a loader threw: the not-found page carries its status. */
const statusOf = (thrown: unknown) => (thrown as { init?: { status?: number } }).init?.status;

describe('the credits pages in the app', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the not-found page for a package the site does not sell, and the checkout for one it does', async () => {
    const api = fakeApi({ 'GET /api/creditpackages.php': () => json(PACKAGES) });
    const args = (creditId: string, path: string) =>
      ({ params: { creditId }, request: request(path) }) as unknown as CheckoutArgs;

    const thrown = await checkoutLoader(args('huge', '/credits/huge')).catch((error: unknown) => error);
    expect(statusOf(thrown)).toBe(404);

    await expect(checkoutLoader(args('large', '/credits/large/ideal?country=BE'))).resolves.toEqual({
      offer: PACKAGES,
    });
    expect(api.callsTo('GET', '/api/creditpackages.php').at(-1)?.url).toBe('/api/creditpackages.php?country=BE');
  });

  it('shows the not-found page for an order that is not the member’s own', async () => {
    fakeApi({
      'GET /api/orders.php': ({ url }) =>
        url.endsWith('id=42') ? json(makeOrder()) : json({ error: { code: 'not_found', message: 'Not found' } }, 404),
    });
    const args = (transactionId: string) =>
      ({ params: { transactionId }, request: request(`/transactions/${transactionId}`) }) as unknown as TransactionArgs;

    expect(statusOf(await transactionLoader(args('43')).catch((error: unknown) => error))).toBe(404);
    expect(statusOf(await transactionLoader(args('abc')).catch((error: unknown) => error))).toBe(404);
    await expect(transactionLoader(args('42'))).resolves.toEqual({ order: makeOrder() });
  });

  it('shows the not-found page for a premium plan the site does not sell, and the prices of the country asked', async () => {
    const api = fakeApi({ 'GET /api/pricing.php': () => json(PRICING) });
    const args = (path: string) => ({ params: {}, request: request(path) }) as unknown as PremiumArgs;

    expect(statusOf(await premiumLoader(args('/premium?plan=year')).catch((error: unknown) => error))).toBe(404);
    await expect(premiumLoader(args('/premium?plan=quarter&country=BE'))).resolves.toEqual({ pricing: PRICING });
    expect(api.callsTo('GET', '/api/pricing.php').at(-1)?.url).toBe('/api/pricing.php?country=BE');
  });
});
