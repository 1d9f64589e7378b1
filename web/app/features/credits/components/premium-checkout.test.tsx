import type { CreateOrderResponse } from '@rendezvous/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { makeUser, makeWebContext, renderWithRoot, testI18n } from '../../../test/render';
import { makeOrder, makeSubscription, membership, PRICING, QUARTER_FROM_NL } from '../test/payment-fixtures';
import { PremiumCheckout, type PremiumCheckoutProps } from './premium-checkout';

const t = testI18n.t;
const quarter = PRICING.premium!.plans[1]!;

function renderCheckout(props: Partial<PremiumCheckoutProps> = {}) {
  const handlers = { onCountryChange: vi.fn(), onMethodChange: vi.fn(), onOrdered: vi.fn() };
  renderWithRoot(<PremiumCheckout pricing={PRICING} plan={quarter} method={null} {...handlers} {...props} />, {
    web: makeWebContext({ user: makeUser() }),
  });
  return handlers;
}

const methods = () => screen.findByRole('radiogroup', { name: t('credits.method_label') });
const startBox = () => screen.getByRole('checkbox', { name: t('premium.immediate_start') });
const orderButton = () => screen.getByRole('button', { name: 'Order with obligation to pay' });

describe('the checkout of a premium plan', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the plan, its methods and price with VAT, how it renews, and an unticked box', async () => {
    const api = fakeApi({ 'GET /api/premiumorders.php': () => json(QUARTER_FROM_NL) });
    renderCheckout({ method: 'card' });

    const group = await methods();
    expect(within(group).getByRole('radio', { name: t('credits.method_card') })).toHaveProperty('checked', true);
    expect(api.callsTo('GET', '/api/premiumorders.php')[0]?.url).toBe('/api/premiumorders.php?plan=quarter&country=NL');
    expect(screen.getByRole('heading', { name: 'Order: Premium, 3 months' })).toBeTruthy();

    const price = screen.getByRole('region', { name: t('credits.price_title') });
    expect(within(price).getByText('VAT 21%').nextSibling?.textContent).toBe('€8.67');
    expect(within(price).getByText(t('credits.price_total')).nextSibling?.textContent).toBe('€49.95');
    expect(
      screen.getByText(
        'You pay €49.95 now for the first 3 months. After that, your membership renews every month for €16.95 until you cancel it. You can cancel any month; what you paid for runs to its end.',
      ),
    ).toBeTruthy();
    expect(startBox()).toHaveProperty('checked', false);
    expect(screen.getByRole('link', { name: t('credits.terms_link') }).getAttribute('href')).toBe('/pages/terms');
  });

  it('orders nothing until the member asks to start at once, and says so next to the box', async () => {
    const api = fakeApi({ 'GET /api/premiumorders.php': () => json(QUARTER_FROM_NL) });
    const { onOrdered } = renderCheckout({ method: 'ideal' });
    await methods();

    await userEvent.click(orderButton());

    const message = await screen.findByText(t('premium.immediate_start_required'));
    expect(startBox().getAttribute('aria-describedby')).toBe(message.closest('p')?.id);
    expect(api.callsTo('POST', '/api/premiumorders.php')).toHaveLength(0);
    expect(onOrdered).not.toHaveBeenCalled();
  });

  it('sends the order and hands the provider’s address on', async () => {
    const answer: CreateOrderResponse = {
      order: makeOrder({ purchase: 'premium', package: null, plan: { id: 'quarter', months: 3, renewal: false } }),
      redirect_url: '/payments/dev/checkout?order=42',
    };
    const api = fakeApi({
      'GET /api/premiumorders.php': () => json(QUARTER_FROM_NL),
      'POST /api/premiumorders.php': () => json(answer, 201),
    });
    const { onOrdered, onMethodChange } = renderCheckout();
    await userEvent.click(within(await methods()).getByRole('radio', { name: 'iDEAL' }));
    expect(onMethodChange).toHaveBeenCalledWith('ideal');
    await userEvent.click(startBox());
    await userEvent.click(orderButton());

    await waitFor(() => expect(onOrdered).toHaveBeenCalledWith(answer));
    expect(api.callsTo('POST', '/api/premiumorders.php')[0]?.body).toEqual({
      plan: 'quarter',
      method: 'ideal',
      country: 'NL',
      immediate_start: true,
    });
  });

  it('shows the server’s refusal of a field next to that field', async () => {
    fakeApi({
      'GET /api/premiumorders.php': () => json(QUARTER_FROM_NL),
      'POST /api/premiumorders.php': () =>
        json(
          { error: { code: 'validation_failed', message: 'Invalid', fields: { method: 'validation.choice_invalid' } } },
          400,
        ),
    });
    renderCheckout({ method: 'ideal' });
    const group = await methods();
    await userEvent.click(startBox());
    await userEvent.click(orderButton());

    const message = await screen.findByText(t('validation.named.choice_invalid', { field: t('credits.method_label') }));
    expect(group.getAttribute('aria-describedby')).toBe(message.closest('p')?.id);
  });

  it('tells a member whose membership began meanwhile that they already have one', async () => {
    fakeApi({
      'GET /api/premiumorders.php': () => json(QUARTER_FROM_NL),
      'POST /api/premiumorders.php': () =>
        json({ error: { code: 'premium_running', message: 'You already have a premium membership' } }, 409),
    });
    renderCheckout({ method: 'ideal' });
    await methods();
    await userEvent.click(startBox());
    await userEvent.click(orderButton());
    expect((await screen.findByRole('alert')).textContent).toBe(t('premium.already_member'));
  });

  it('shows a member who already has premium their membership and where to manage it, with no order form', async () => {
    fakeApi({
      'GET /api/premiumorders.php': () => json({ ...QUARTER_FROM_NL, can_order: false }),
      'GET /api/subscription.php': () => json(membership(makeSubscription())),
    });
    renderCheckout();

    expect(await screen.findByText(t('premium.already_member'))).toBeTruthy();
    expect(await screen.findByText(/It renews on .* for €19.95 per month/)).toBeTruthy();
    expect(screen.getByRole('link', { name: t('premium.manage_link') }).getAttribute('href')).toBe(
      '/profile#membership',
    );
    expect(screen.queryByRole('button', { name: 'Order with obligation to pay' })).toBeNull();
  });
});
