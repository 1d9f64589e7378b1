import type { Adjustment, MemberAdminDetail } from '@rendezvous/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../../test/fake-api';
import { renderWithRoot } from '../../../../test/render';
import { ReconfirmProvider } from '../../../components/reconfirm';
import { GrantForm, RefundForm } from './adjustment-forms';

const TIME = 1_700_000_000_000;

const MEMBER: MemberAdminDetail = {
  account: {
    id: 7,
    name: 'Bea',
    email: 'bea@example.test',
    status: 'active',
    site: { id: 1, name: 'Rendezvous' },
    fictional: false,
    signup_at: TIME,
    language: 'en',
    gender: null,
    date_of_birth: null,
    country: 'NL',
    city: null,
    activated_at: TIME,
    last_active_at: TIME,
    deleted_at: null,
    suspended_until: null,
    credits: 50,
    spending_blocked_at: null,
    two_factor: false,
  },
  signup_source: {
    lander: null,
    form_path: null,
    referrer: null,
    network: null,
    ref: null,
    sub1: null,
    sub2: null,
    sub3: null,
  },
  sessions: [],
  ledger: [],
  orders: [
    {
      id: 12,
      purchase: 'credits',
      provider: 'dev',
      state: 'paid',
      gross: 995,
      currency: 'EUR',
      credits: 50,
      created_at: TIME,
      paid_at: TIME,
    },
    {
      id: 11,
      purchase: 'credits',
      provider: 'dev',
      state: 'refunded',
      gross: 995,
      currency: 'EUR',
      credits: 50,
      created_at: TIME,
      paid_at: TIME,
    },
  ],
  premium: { until: null, renews: false },
  paid_messages: [],
  reports: [],
  blocks: [],
  decisions: [],
  adjustments: [],
  notes: [],
};

const adjustment = (overrides: Partial<Adjustment>): Adjustment => ({
  id: 3,
  kind: 'refund',
  status: 'done',
  member: { id: 7, name: 'Bea', email: 'bea@example.test' },
  order_id: 12,
  message_ids: [],
  amount: 450,
  currency: 'EUR',
  credits: null,
  reason: 'Charged twice',
  requested_by: { id: 1, name: 'Otto' },
  created_at: TIME,
  decided_by: null,
  decided_at: null,
  ...overrides,
});

describe('giving back to a member', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('refunds part of a paid order, typed in euros as the console language writes them, and says what became of it', async () => {
    const user = userEvent.setup({ delay: null });
    const answer = adjustment({ status: 'pending' });
    const api = fakeApi({ 'POST /api/console/members/7/adjustments': () => json({ adjustment: answer }) });
    const onDone = vi.fn();
    renderWithRoot(
      <ReconfirmProvider>
        <RefundForm member={MEMBER} onDone={onDone} />
      </ReconfirmProvider>,
    );
    // Only the paid order can be refunded.
    await screen.findByRole('button', { name: 'Refund' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose an order',
      'Order 12: €9.95',
    ]);
    await user.selectOptions(screen.getByLabelText(/^Order/), '12');
    await user.type(screen.getByLabelText(/^Amount/), '4,50');
    await user.type(screen.getByLabelText(/^Reason/), 'Charged twice');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(answer));
    expect(api.callsTo('POST', '/api/console/members/7/adjustments').map((call) => call.body)).toEqual([
      { kind: 'refund', order_id: 12, amount: 450, reason: 'Charged twice' },
    ]);
  });

  it('asks for credits and a reason before granting anything', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({});
    renderWithRoot(
      <ReconfirmProvider>
        <GrantForm member={MEMBER} onDone={vi.fn()} />
      </ReconfirmProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Grant' }));
    // Each message names its field (issue 21). The check runs once zod has loaded, after the click.
    expect(await screen.findAllByText(/^Please fill in “.+”$/)).toHaveLength(2);
    expect(api.calls).toHaveLength(0);
  });
});
