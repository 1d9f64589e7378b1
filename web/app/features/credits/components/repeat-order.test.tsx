import type { CreateOrderResponse, RepeatOrderRefusal } from '@rendezvous/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CreditsRepeatOrder from '../../../routes/credits-repeat-order';
import { fakeApi, json } from '../../../test/fake-api';
import { makeUser, makeWebContext, renderWithRoot, testI18n } from '../../../test/render';
import { makeOrder, makeSpending, REPEAT_LARGE_FROM_NL } from '../test/payment-fixtures';
import { RepeatOrder } from './repeat-order';

const t = testI18n.t;
const member = { web: makeWebContext({ user: makeUser() }) };

function renderRepeatOrder() {
  const onOrdered = vi.fn();
  renderWithRoot(<RepeatOrder onOrdered={onOrdered} />, member);
  return onOrdered;
}

const immediateBox = () => screen.findByRole('checkbox', { name: t('credits.immediate_delivery') });
const orderButton = () => screen.getByRole('button', { name: 'Order with obligation to pay' });
const paid: CreateOrderResponse = { order: makeOrder({ state: 'paid' }), redirect_url: '/transactions/42' };

describe('repeating the last purchase in one step', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the last package, how it was paid and its price with VAT, with the box unticked', async () => {
    fakeApi({
      'GET /api/repeatorder.php': () => json(REPEAT_LARGE_FROM_NL),
      'GET /api/spending.php': () => json(makeSpending()),
    });
    renderRepeatOrder();

    const bought = await screen.findByRole('region', { name: t('credits.checkout_package') });
    expect(within(bought).getByText('500 credits')).toBeTruthy();
    expect(within(bought).getByText('+15 bonus credits')).toBeTruthy();
    expect(within(bought).getByText('Payment method: Credit or debit card')).toBeTruthy();
    expect(within(bought).getByText('Payment country: Netherlands')).toBeTruthy();

    const price = screen.getByRole('region', { name: t('credits.price_title') });
    expect(within(price).getByText(t('credits.price_net')).nextSibling?.textContent).toBe('€33.05');
    expect(within(price).getByText('VAT 21%').nextSibling?.textContent).toBe('€6.94');
    expect(within(price).getByText(t('credits.price_total')).nextSibling?.textContent).toBe('€39.99');

    expect(await immediateBox()).toHaveProperty('checked', false);
    expect((await screen.findByTestId('spent-this-month')).textContent).toBe('Spent this month: €4.05 of €10.00');
    // The method is settled: nothing to choose.
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(orderButton()).toBeTruthy();
  });

  it('orders nothing until the member ticks the box, and says so next to it', async () => {
    const api = fakeApi({
      'GET /api/repeatorder.php': () => json(REPEAT_LARGE_FROM_NL),
      'GET /api/spending.php': () => json(makeSpending()),
    });
    const onOrdered = renderRepeatOrder();
    await immediateBox();

    await userEvent.click(orderButton());

    const message = await screen.findByText(t('credits.immediate_delivery_required'));
    expect((await immediateBox()).getAttribute('aria-describedby')).toBe(message.closest('p')?.id);
    expect(api.callsTo('POST', '/api/repeatorder.php')).toHaveLength(0);
    expect(onOrdered).not.toHaveBeenCalled();
  });

  it('confirms with the box ticked and hands the paid order on', async () => {
    const api = fakeApi({
      'GET /api/repeatorder.php': () => json(REPEAT_LARGE_FROM_NL),
      'GET /api/spending.php': () => json(makeSpending()),
      'POST /api/repeatorder.php': () => json(paid),
    });
    const onOrdered = renderRepeatOrder();
    await userEvent.click(await immediateBox());
    await userEvent.click(orderButton());

    await waitFor(() => expect(onOrdered).toHaveBeenCalledWith(paid));
    expect(api.callsTo('POST', '/api/repeatorder.php')[0]?.body).toEqual({ immediate_delivery: true });
  });

  it('says clearly when the order would go over the spending limit', async () => {
    fakeApi({
      'GET /api/repeatorder.php': () => json(REPEAT_LARGE_FROM_NL),
      'GET /api/spending.php': () => json(makeSpending()),
      'POST /api/repeatorder.php': () =>
        json({ error: { code: 'spending_limit_reached', message: 'Over the limit' } }, 403),
    });
    const onOrdered = renderRepeatOrder();
    await userEvent.click(await immediateBox());
    await userEvent.click(orderButton());

    expect((await screen.findByRole('alert')).textContent).toBe(t('spending.order_over_limit'));
    expect(onOrdered).not.toHaveBeenCalled();
  });

  it('says before anything is ticked that the package no longer fits the spending limit', async () => {
    fakeApi({
      'GET /api/repeatorder.php': () => json({ ...REPEAT_LARGE_FROM_NL, within_spending_limit: false }),
      'GET /api/spending.php': () => json(makeSpending()),
    });
    renderRepeatOrder();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(t('spending.checkout_over_limit'));
    expect(within(alert).getByRole('link', { name: t('spending.change_link') })).toBeTruthy();
    expect(orderButton()).toHaveProperty('disabled', true);
  });

  const REFUSALS: [RepeatOrderRefusal, string][] = [
    ['no_purchase', 'You have not bought any credits yet'],
    ['no_kept_method', `Next time you buy credits, tick “${t('credits.keep_method')}”`],
    ['package_gone', 'no longer sold'],
  ];
  it.each(REFUSALS)('explains %s in plain words and offers the usual way to buy', async (refusal, words) => {
    fakeApi({
      'GET /api/repeatorder.php': () =>
        json({
          package: null,
          country: null,
          method: null,
          vat_rate_bp: 0,
          net: null,
          vat: null,
          within_spending_limit: true,
          refusal,
        }),
    });
    renderRepeatOrder();

    const notice = await screen.findByRole('region', { name: t('repeat_order.refused_title') });
    expect(notice.textContent).toContain(words);
    expect(
      within(notice)
        .getByRole('link', { name: t('repeat_order.to_packages') })
        .getAttribute('href'),
    ).toBe('/credits');
    expect(screen.queryByRole('button', { name: 'Order with obligation to pay' })).toBeNull();
  });

  /** The route as the app has it, with the order's page beside it; `answer` is what the confirmation answers. */
  function renderRoute(answer: CreateOrderResponse) {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    fakeApi({
      'GET /api/repeatorder.php': () => json(REPEAT_LARGE_FROM_NL),
      'GET /api/spending.php': () => json(makeSpending()),
      'POST /api/repeatorder.php': () => json(answer),
    });
    renderWithRoot(<CreditsRepeatOrder />, {
      ...member,
      path: '/credits/repeat-order',
      routes: [{ path: '/transactions/:transactionId', Component: () => <h1>The order’s page</h1> }],
    });
    return assign;
  }

  it('goes on to the order’s page inside the app when it was charged at once', async () => {
    const assign = renderRoute(paid);
    await userEvent.click(await immediateBox());
    await userEvent.click(orderButton());
    expect(await screen.findByRole('heading', { name: 'The order’s page' })).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it('goes to a provider’s one-click page by a full page load', async () => {
    const assign = renderRoute({ ...paid, redirect_url: 'https://provider.example/one-click?token=abc' });
    await userEvent.click(await immediateBox());
    await userEvent.click(orderButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://provider.example/one-click?token=abc'));
  });
});
