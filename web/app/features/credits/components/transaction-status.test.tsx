import type { CreditsResponse, Order } from '@rendezvous/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveEventsProvider } from '../../../lib/live-events';
import { fakeApi, json } from '../../../test/fake-api';
import { FakeEventSource } from '../../../test/fake-event-source';
import { makeUser, makeWebContext, renderWithRoot, testI18n } from '../../../test/render';
import { makeOrder } from '../test/payment-fixtures';
import { TransactionStatus } from './transaction-status';

const t = testI18n.t;

const credits = (balance: number): CreditsResponse => ({
  balance,
  message_cost: { credits: 10, costs: 1.5, currency: 'EUR' },
  ledger: [],
});

function renderOrder(order: Order) {
  renderWithRoot(
    <LiveEventsProvider loggedIn>
      <TransactionStatus initialOrder={order} />
    </LiveEventsProvider>,
    { web: makeWebContext({ user: makeUser() }) },
  );
}

const status = () => screen.getByRole('status');

describe('the transaction page', () => {
  // The page loads these schemas on first use; loaded here, a test waits on the page, never on
  // the first transform of a module (which took over a second on a busy machine).
  beforeAll(async () => {
    await Promise.all([
      import('../../../lib/live-event-schema'),
      import('../api/payment-schemas'),
      import('../api/credits-schemas'),
    ]);
  });
  beforeEach(() => vi.stubGlobal('EventSource', FakeEventSource));
  afterEach(() => vi.unstubAllGlobals());

  it('waits for the payment, then shows what was credited and the way back once the order event comes', async () => {
    let order = makeOrder({ return_to: '/chats/5' });
    let balance = 3;
    fakeApi({
      'GET /api/orders.php': () => json(order),
      'GET /api/credits.php': () => json(credits(balance)),
    });
    renderOrder(order);

    expect(status().textContent).toBe(t('credits.order_waiting'));
    expect(screen.queryByRole('link', { name: t('credits.back_to_conversation') })).toBeNull();
    expect(screen.queryByText(t('credits.receipt_sent'))).toBeNull();

    order = { ...order, state: 'paid', paid_at: '2026-11-25T10:01:00Z' };
    balance = 518;
    FakeEventSource.deliver({ type: 'order', order_id: 42, state: 'paid' });

    expect(await within(status()).findByText(t('credits.order_paid'))).toBeTruthy();
    expect(status().textContent).toContain(t('credits.order_credited', { credits: 515 }));
    expect(screen.getByRole('link', { name: t('credits.back_to_conversation') }).getAttribute('href')).toBe('/chats/5');
    expect(
      (await screen.findByRole('link', { name: t('credits.new_balance', { balance: 518 }) })).getAttribute('href'),
    ).toBe('/credits');
    expect(screen.getByText(t('credits.receipt_sent'))).toBeTruthy();
  });

  it('asks again only for its own order’s events', async () => {
    const api = fakeApi({
      'GET /api/orders.php': () => json(makeOrder({ state: 'paid' })),
      'GET /api/credits.php': () => json(credits(3)),
    });
    renderOrder(makeOrder());
    FakeEventSource.deliver({ type: 'order', order_id: 41, state: 'paid' });
    FakeEventSource.deliver({ type: 'order', order_id: 42, state: 'paid' });
    expect(await within(status()).findByText(t('credits.order_paid'))).toBeTruthy();
    expect(api.callsTo('GET', '/api/orders.php').map((call) => call.url)).toEqual(['/api/orders.php?id=42']);
  });

  it('asks every 5 s while the payment is pending, in case the event was missed, and stops once it settled', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      let answers = 0;
      const api = fakeApi({
        'GET /api/orders.php': () => json(makeOrder({ state: (answers += 1) < 2 ? 'pending' : 'failed' })),
        'GET /api/credits.php': () => json(credits(3)),
      });
      renderOrder(makeOrder());
      await vi.advanceTimersByTimeAsync(4_900);
      expect(api.callsTo('GET', '/api/orders.php')).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(5_200);
      expect(api.callsTo('GET', '/api/orders.php')).toHaveLength(2);
      expect(within(status()).getByRole('alert').textContent).toBe(t('credits.order_state_failed'));
      await vi.advanceTimersByTimeAsync(20_000);
      expect(api.callsTo('GET', '/api/orders.php')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows what the order was: package, net, VAT, total, number and date', () => {
    fakeApi({ 'GET /api/credits.php': () => json(credits(3)) });
    renderOrder(makeOrder({ state: 'paid' }));
    expect(screen.getByRole('heading', { name: t('credits.order_title', { number: 42 }) })).toBeTruthy();
    expect(screen.getByText('500 credits +15 bonus credits')).toBeTruthy();
    expect(screen.getByText('VAT 21%').nextSibling?.textContent).toBe('€6.94');
    expect(screen.getByText(t('credits.price_total')).nextSibling?.textContent).toBe('€39.99');
    expect(screen.getByText(t('credits.order_number')).nextSibling?.textContent).toBe('42');
    expect(screen.getByText(t('credits.order_date')).nextSibling?.textContent).toMatch(/2026/);
    // Paid without a conversation to go back to: the balance is the way on.
    expect(screen.queryByRole('link', { name: t('credits.back_to_conversation') })).toBeNull();
  });

  it.each(['failed', 'cancelled', 'expired'] as const)(
    'says a %s payment charged nothing and offers to try the same package again',
    (state) => {
      fakeApi({ 'GET /api/credits.php': () => json(credits(3)) });
      renderOrder(makeOrder({ state, return_to: '/chats/5' }));
      expect(within(status()).getByRole('alert').textContent).toBe(t(`credits.order_state_${state}`));
      expect(screen.getByRole('link', { name: t('credits.try_again') }).getAttribute('href')).toBe(
        '/credits/large?return_to=%2Fchats%2F5',
      );
      expect(screen.queryByText(t('credits.receipt_sent'))).toBeNull();
    },
  );

  it('names a premium order by its months and leads to the membership once it is paid', () => {
    fakeApi({ 'GET /api/credits.php': () => json(credits(3)) });
    const plan = { id: 'quarter', months: 3, renewal: false };
    renderOrder(makeOrder({ state: 'paid', purchase: 'premium', package: null, plan }));
    expect(screen.getByText('Premium, 3 months')).toBeTruthy();
    expect(within(status()).getByText(t('premium.order_active'))).toBeTruthy();
    expect(screen.queryByText(/credits were added/)).toBeNull();
    const links = screen.getAllByRole('link', { name: t('premium.to_membership') });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/profile#membership', '/profile#membership']);
  });

  it('says a renewal is one month renewed', () => {
    fakeApi({ 'GET /api/credits.php': () => json(credits(3)) });
    renderOrder(
      makeOrder({
        state: 'paid',
        purchase: 'premium',
        package: null,
        plan: { id: 'quarter', months: 1, renewal: true },
      }),
    );
    expect(screen.getByText('Premium renewed, 1 month')).toBeTruthy();
  });

  it('offers a failed premium order again on the premium page', () => {
    fakeApi({ 'GET /api/credits.php': () => json(credits(3)) });
    const plan = { id: 'month', months: 1, renewal: false };
    renderOrder(makeOrder({ state: 'failed', purchase: 'premium', package: null, plan }));
    expect(screen.getByRole('link', { name: t('credits.try_again') }).getAttribute('href')).toBe('/premium?plan=month');
  });
});
