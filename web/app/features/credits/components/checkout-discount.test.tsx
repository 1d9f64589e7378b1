import type { DiscountCode, PaymentMethodsResponse } from '@rendezvous/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, type FakeCall } from '../../../test/fake-api';
import { makeUser, makeWebContext, renderWithRoot, testI18n } from '../../../test/render';
import { eur, LARGE_FROM_NL, makeOrder, PACKAGES } from '../test/payment-fixtures';
import { Checkout } from './checkout';

const t = testI18n.t;

const WELCOME: DiscountCode = {
  code: 'WELCOME-0A1B2C3D4E',
  kind: 'bonus',
  value: 20,
  purpose: 'welcome',
  valid_until: new Date(Date.now() + 90 * 60_000).toISOString(),
};

/** The large package with a code priced in, as the server answers it. */
const withCode = (code: string, kind: 'bonus' | 'percent'): PaymentMethodsResponse => ({
  ...LARGE_FROM_NL,
  ...(kind === 'percent' ? { net: eur(2975), vat: eur(624) } : {}),
  discount: {
    code,
    kind,
    value: kind === 'bonus' ? 20 : 10,
    amount_off: eur(kind === 'percent' ? 400 : 0),
    bonus_credits: kind === 'bonus' ? 103 : 0,
    total: eur(kind === 'percent' ? 3599 : 3999),
  },
});

const refused = (key: string) =>
  json({ error: { code: 'validation_failed', message: 'Invalid', fields: { discount_code: key } } }, 400);

/** The payment methods, with the codes the server knows priced in. */
function methodsWith(codes: Record<string, () => Response>) {
  return ({ url }: FakeCall) => {
    const code = new URL(url, 'http://localhost').searchParams.get('discount_code');
    return code === null ? json(LARGE_FROM_NL) : (codes[code]?.() ?? refused('discounts.code_unknown'));
  };
}

function renderCheckout(discountCode: string | null = null) {
  const onOrdered = vi.fn();
  renderWithRoot(
    <Checkout
      offer={PACKAGES}
      creditId="large"
      method="ideal"
      returnTo={null}
      discountCode={discountCode}
      onCountryChange={vi.fn()}
      onMethodChange={vi.fn()}
      onOrdered={onOrdered}
    />,
    { web: makeWebContext({ user: makeUser() }) },
  );
  return onOrdered;
}

const codeField = () => screen.findByRole('textbox', { name: t('discounts.code_label') });
const price = () => screen.getByRole('region', { name: t('credits.price_title') });

async function order() {
  await userEvent.click(screen.getByRole('checkbox', { name: t('credits.immediate_delivery') }));
  await userEvent.click(screen.getByRole('button', { name: 'Order with obligation to pay' }));
}

describe('the discount code at the checkout', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('applies the welcome bonus by itself with its countdown, orders with it, and lets the member take it off', async () => {
    const api = fakeApi({
      'GET /api/discountcode.php': () => json(WELCOME),
      'GET /api/paymentmethods.php': methodsWith({ [WELCOME.code]: () => json(withCode(WELCOME.code, 'bonus')) }),
      'POST /api/orders.php': () => json({ order: makeOrder(), redirect_url: '/payments/dev/checkout?order=42' }),
    });
    const onOrdered = renderCheckout();

    expect(await screen.findByText(/^Your welcome bonus: \+20% credits, ends in 1 h (29|30) min$/)).toBeTruthy();
    expect(screen.getByText(`Code ${WELCOME.code}: +20% credits`)).toBeTruthy();
    expect(within(price()).getByText(`Bonus with ${WELCOME.code}`).nextSibling?.textContent).toBe('+103 credits');
    expect(within(price()).getByText(t('credits.price_total')).nextSibling?.textContent).toBe('€39.99');

    await order();
    await waitFor(() => expect(onOrdered).toHaveBeenCalled());
    expect(api.callsTo('POST', '/api/orders.php')[0]?.body).toMatchObject({ discount_code: WELCOME.code });

    await userEvent.click(screen.getByRole('button', { name: t('discounts.remove') }));
    expect(await codeField()).toHaveProperty('value', '');
    expect(within(price()).queryByText(`Bonus with ${WELCOME.code}`)).toBeNull();
  });

  it('shows nothing when there is no welcome code, and a typed code lowers the total', async () => {
    fakeApi({
      'GET /api/discountcode.php': () => json({ error: { code: 'not_found', message: 'None' } }, 404),
      'GET /api/paymentmethods.php': methodsWith({ SUMMER: () => json(withCode('SUMMER', 'percent')) }),
    });
    renderCheckout();

    await userEvent.type(await codeField(), 'SUMMER{Enter}');
    expect(await screen.findByText('Code SUMMER: 10% off')).toBeTruthy();
    expect(screen.queryByText(/welcome bonus/)).toBeNull();
    expect(within(price()).getByText('Discount (SUMMER)').nextSibling?.textContent).toBe('-€4.00');
    expect(within(price()).getByText(t('credits.price_total')).nextSibling?.textContent).toBe('€35.99');
  });

  it('tells why a code cannot be used next to the field, and orders without it', async () => {
    const api = fakeApi({
      'GET /api/discountcode.php': () => json({ error: { code: 'not_found', message: 'None' } }, 404),
      'GET /api/paymentmethods.php': methodsWith({ OLD: () => refused('discounts.code_expired') }),
      'POST /api/orders.php': () => json({ order: makeOrder(), redirect_url: '/payments/dev/checkout?order=42' }),
    });
    const onOrdered = renderCheckout();

    const field = await codeField();
    await userEvent.type(field, 'OLD');
    await userEvent.click(screen.getByRole('button', { name: t('discounts.apply') }));
    const message = await screen.findByText(t('discounts.code_expired'));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(message.closest('p')?.id);
    expect(within(price()).getByText(t('credits.price_total')).nextSibling?.textContent).toBe('€39.99');

    await order();
    await waitFor(() => expect(onOrdered).toHaveBeenCalled());
    expect(api.callsTo('POST', '/api/orders.php')[0]?.body).not.toHaveProperty('discount_code');
  });

  it('applies the code the address brings', async () => {
    fakeApi({
      'GET /api/discountcode.php': () => json(WELCOME),
      'GET /api/paymentmethods.php': methodsWith({
        'STAY-1234567890': () => json(withCode('STAY-1234567890', 'percent')),
      }),
    });
    renderCheckout('STAY-1234567890');
    expect(await screen.findByText('Code STAY-1234567890: 10% off')).toBeTruthy();
    expect(screen.queryByText(/welcome bonus/)).toBeNull();
  });
});
