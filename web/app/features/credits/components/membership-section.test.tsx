import { REGIONAL_CODES, type SubscriptionResponse } from '@rendezvous/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatFullTime } from '../../../lib/dates';
import { fakeApi, json } from '../../../test/fake-api';
import { renderWithRoot, testI18n } from '../../../test/render';
import { eur, makeSubscription, membership } from '../test/payment-fixtures';
import { MembershipSection } from './membership-section';

const t = testI18n.t;
const RENEWAL = '2026-12-20T10:00:00.000Z';
const date = (iso: string) => formatFullTime(iso, REGIONAL_CODES.en);

function renderSection(answers: SubscriptionResponse[]) {
  const api = fakeApi({
    'GET /api/subscription.php': () => json(answers[0]),
    'POST /api/subscription.php': () => json(answers[api.callsTo('POST', '/api/subscription.php').length]),
  });
  renderWithRoot(<MembershipSection initial={answers[0]} />);
  return api;
}

describe('the membership section', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers premium to a member who has none', () => {
    renderSection([membership(null)]);
    expect(screen.getByText(t('membership.none'))).toBeTruthy();
    expect(screen.getByRole('link', { name: t('membership.to_premium') }).getAttribute('href')).toBe('/premium');
  });

  it('cancels the renewal after a confirmation, then says when it ends and offers to resume', async () => {
    const cancelled = makeSubscription({ renews: false, cancelled_at: '2026-11-25T10:00:00.000Z' });
    const api = renderSection([membership(makeSubscription()), membership(cancelled), membership(makeSubscription())]);

    expect(screen.getByText(t('membership.active', { date: date(RENEWAL) }))).toBeTruthy();
    expect(screen.getByText(t('membership.renews', { date: date(RENEWAL), money: '€19.95' }))).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: t('membership.cancel_button') }));
    const dialog = screen.getByRole('dialog', { name: t('membership.cancel_title') });
    expect(api.callsTo('POST', '/api/subscription.php')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: t('membership.cancel_confirm') }));

    expect(await screen.findByText(t('membership.ends', { date: date(RENEWAL) }))).toBeTruthy();
    expect(api.callsTo('POST', '/api/subscription.php')[0]?.body).toEqual({ action: 'cancel' });
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: t('membership.resume_button') }));
    await waitFor(() => expect(api.callsTo('POST', '/api/subscription.php')[1]?.body).toEqual({ action: 'resume' }));
    expect(await screen.findByRole('button', { name: t('membership.cancel_button') })).toBeTruthy();
  });

  it('withdraws from the contract with its refund only after the member confirms', async () => {
    const withdrawn = makeSubscription({
      state: 'ended',
      renews: false,
      withdrawn_at: '2026-11-25T10:00:00.000Z',
      withdrawal_until: null,
      withdrawal_refund: null,
    });
    const api = renderSection([membership(makeSubscription()), membership(withdrawn)]);

    expect(
      screen.getByText(t('membership.withdrawal_intro', { date: date('2026-12-04T10:00:00.000Z'), money: '€16.63' })),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw from contract here' }));
    const dialog = screen.getByRole('dialog', { name: t('membership.withdraw_title') });
    expect(within(dialog).getByText(t('membership.withdraw_text', { money: '€16.63' }))).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: t('membership.keep_button') }));
    expect(api.callsTo('POST', '/api/subscription.php')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Withdraw from contract here' }));
    await userEvent.click(screen.getByRole('button', { name: t('membership.withdraw_confirm') }));

    expect(await screen.findByText(t('membership.withdrawn', { date: date('2026-11-25T10:00:00.000Z') }))).toBeTruthy();
    expect(api.callsTo('POST', '/api/subscription.php')[0]?.body).toEqual({ action: 'withdraw' });
    expect(screen.queryByRole('button', { name: 'Withdraw from contract here' })).toBeNull();
  });

  it('says in the dialog when a change failed, and keeps the membership as it was', async () => {
    fakeApi({
      'GET /api/subscription.php': () => json(membership(makeSubscription({ withdrawal_refund: eur(100) }))),
      'POST /api/subscription.php': () => json({ error: { code: 'internal', message: 'Failed' } }, 500),
    });
    renderWithRoot(<MembershipSection />);
    await userEvent.click(await screen.findByRole('button', { name: t('membership.cancel_button') }));
    await userEvent.click(screen.getByRole('button', { name: t('membership.cancel_confirm') }));
    const dialog = screen.getByRole('dialog', { name: t('membership.cancel_title') });
    expect(await within(dialog).findByText(t('membership.change_failed'))).toBeTruthy();
  });
});
