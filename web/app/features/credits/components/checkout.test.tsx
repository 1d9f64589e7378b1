import type { CreateOrderResponse } from '@rendezvous/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { makeUser, makeWebContext, renderWithRoot, testI18n } from '../../../test/render';
import { LARGE_FROM_NL, makeOrder, PACKAGES } from '../test/payment-fixtures';
import { Checkout, type CheckoutProps } from './checkout';

const t = testI18n.t;

function renderCheckout(props: Partial<CheckoutProps> = {}) {
  const handlers = { onCountryChange: vi.fn(), onMethodChange: vi.fn(), onOrdered: vi.fn() };
  renderWithRoot(
    <Checkout offer={PACKAGES} creditId="large" method={null} returnTo={null} {...handlers} {...props} />,
    { web: makeWebContext({ user: makeUser() }) },
  );
  return handlers;
}

const methods = () => screen.findByRole('radiogroup', { name: t('credits.method_label') });
const immediateBox = () => screen.getByRole('checkbox', { name: t('credits.immediate_delivery') });
const orderButton = () => screen.getByRole('button', { name: 'Order with obligation to pay' });

describe('the checkout of a package', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the package, the methods for the payment country and the price with its VAT', async () => {
    const api = fakeApi({ 'GET /api/paymentmethods.php': () => json(LARGE_FROM_NL) });
    renderCheckout({ method: 'card' });

    const group = await methods();
    expect(within(group).getByRole('radio', { name: 'iDEAL' })).toHaveProperty('checked', false);
    expect(within(group).getByRole('radio', { name: t('credits.method_card') })).toHaveProperty('checked', true);
    expect(api.callsTo('GET', '/api/paymentmethods.php')[0]?.url).toBe(
      '/api/paymentmethods.php?package=large&country=NL',
    );

    expect(screen.getByText('500 credits')).toBeTruthy();
    expect(screen.getByText('+15 bonus credits')).toBeTruthy();
    const price = screen.getByRole('region', { name: t('credits.price_title') });
    expect(within(price).getByText(t('credits.price_net')).nextSibling?.textContent).toBe('€33.05');
    expect(within(price).getByText('VAT 21%').nextSibling?.textContent).toBe('€6.94');
    expect(within(price).getByText(t('credits.price_total')).nextSibling?.textContent).toBe('€39.99');

    expect(immediateBox()).toHaveProperty('checked', false);
    expect(screen.getByRole('link', { name: t('credits.terms_link') }).getAttribute('href')).toBe('/pages/terms');
    expect(orderButton()).toBeTruthy();
  });

  it('puts a chosen method into the address and a changed country into the prices', async () => {
    fakeApi({ 'GET /api/paymentmethods.php': () => json(LARGE_FROM_NL) });
    const { onMethodChange, onCountryChange } = renderCheckout();

    await userEvent.click(within(await methods()).getByRole('radio', { name: 'iDEAL' }));
    expect(onMethodChange).toHaveBeenCalledWith('ideal');
    expect(screen.getByRole('radio', { name: 'iDEAL' })).toHaveProperty('checked', true);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: t('credits.country_label') }), 'BE');
    expect(onCountryChange).toHaveBeenCalledWith('BE');
  });

  it('orders nothing until the member ticks the box, and says so next to it', async () => {
    const api = fakeApi({ 'GET /api/paymentmethods.php': () => json(LARGE_FROM_NL) });
    const { onOrdered } = renderCheckout({ method: 'ideal' });
    await methods();

    await userEvent.click(orderButton());

    const message = await screen.findByText(t('credits.immediate_delivery_required'));
    expect(immediateBox().getAttribute('aria-describedby')).toBe(message.closest('p')?.id);
    expect(immediateBox().getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', '/api/orders.php')).toHaveLength(0);
    expect(onOrdered).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal of the box next to the box', async () => {
    fakeApi({
      'GET /api/paymentmethods.php': () => json(LARGE_FROM_NL),
      'POST /api/orders.php': () =>
        json(
          {
            error: {
              code: 'validation_failed',
              message: 'Invalid',
              fields: { immediate_delivery: 'validation.required' },
            },
          },
          400,
        ),
    });
    renderCheckout({ method: 'ideal' });
    await methods();
    await userEvent.click(immediateBox());
    await userEvent.click(orderButton());
    expect(await screen.findByText(t('credits.immediate_delivery_required'))).toBeTruthy();
  });

  it('sends the order with the way back and hands the provider’s address on', async () => {
    const answer: CreateOrderResponse = { order: makeOrder(), redirect_url: '/payments/dev/checkout?order=42' };
    const api = fakeApi({
      'GET /api/paymentmethods.php': () => json(LARGE_FROM_NL),
      'POST /api/orders.php': () => json(answer, 201),
    });
    const { onOrdered } = renderCheckout({ method: 'ideal', returnTo: '/chats/5' });
    await methods();
    await userEvent.click(immediateBox());
    await userEvent.click(orderButton());

    await waitFor(() => expect(onOrdered).toHaveBeenCalledWith(answer));
    expect(api.callsTo('POST', '/api/orders.php')[0]?.body).toEqual({
      package: 'large',
      method: 'ideal',
      country: 'NL',
      immediate_delivery: true,
      keep_method: false,
      return_to: '/chats/5',
    });
  });

  it('keeps the method for one-step repeat orders only when the member ticks that box', async () => {
    const answer: CreateOrderResponse = { order: makeOrder(), redirect_url: '/payments/dev/checkout?order=42' };
    const api = fakeApi({
      'GET /api/paymentmethods.php': () => json(LARGE_FROM_NL),
      'POST /api/orders.php': () => json(answer, 201),
    });
    const { onOrdered } = renderCheckout({ method: 'ideal' });
    await methods();

    const keep = screen.getByRole('checkbox', { name: t('credits.keep_method') });
    expect(keep).toHaveProperty('checked', false);
    expect(keep.getAttribute('aria-describedby')).toBe(screen.getByText(t('credits.keep_method_hint')).id);
    await userEvent.click(keep);
    await userEvent.click(immediateBox());
    await userEvent.click(orderButton());

    await waitFor(() => expect(onOrdered).toHaveBeenCalledWith(answer));
    expect(api.callsTo('POST', '/api/orders.php')[0]?.body).toMatchObject({
      immediate_delivery: true,
      keep_method: true,
    });
  });

  it('asks for a method when none is chosen, and tells a method the server refused', async () => {
    fakeApi({
      'GET /api/paymentmethods.php': () => json(LARGE_FROM_NL),
      'POST /api/orders.php': () =>
        json({ error: { code: 'payment_method_unavailable', message: 'Unavailable' } }, 409),
    });
    renderCheckout();
    const group = await methods();
    await userEvent.click(immediateBox());
    await userEvent.click(orderButton());
    await waitFor(() => expect(group.getAttribute('aria-invalid')).toBe('true'));

    await userEvent.click(within(group).getByRole('radio', { name: t('credits.method_card') }));
    await userEvent.click(orderButton());
    expect((await screen.findByRole('alert')).textContent).toBe(t('credits.method_unavailable'));
  });

  it('says before anything is filled in that the package goes over the spending limit, and orders nothing', async () => {
    const api = fakeApi({
      'GET /api/paymentmethods.php': () => json({ ...LARGE_FROM_NL, within_spending_limit: false }),
    });
    renderCheckout({ method: 'ideal' });
    await methods();

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(t('spending.checkout_over_limit'));
    expect(
      within(alert)
        .getByRole('link', { name: t('spending.change_link') })
        .getAttribute('href'),
    ).toBe('/profile#spending-limit');
    expect(orderButton()).toHaveProperty('disabled', true);
    await userEvent.click(immediateBox());
    await userEvent.click(orderButton());
    expect(api.callsTo('POST', '/api/orders.php')).toHaveLength(0);
  });

  it('tells an order the server refused for the spending limit', async () => {
    fakeApi({
      'GET /api/paymentmethods.php': () => json(LARGE_FROM_NL),
      'POST /api/orders.php': () =>
        json({ error: { code: 'spending_limit_reached', message: 'Over the limit: EUR 5.95 left' } }, 403),
    });
    renderCheckout({ method: 'ideal' });
    await methods();
    await userEvent.click(immediateBox());
    await userEvent.click(orderButton());
    expect((await screen.findByRole('alert')).textContent).toBe(t('spending.order_over_limit'));
  });
});
