import type { CreditsResponse } from '@rendezvous/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { renderWithRoot, testI18n } from '../../../test/render';
import { CreditsOverview } from './credits-overview';

const t = testI18n.t;

const CREDITS: CreditsResponse = {
  balance: 3,
  message_cost: { credits: 10, costs: 1.5, currency: 'EUR' },
  ledger: [
    { id: 2, delta: -10, reason: 'message', created_at: '2026-11-23T10:00:00Z' },
    { id: 1, delta: 13, reason: 'welcome', created_at: '2026-11-22T10:00:00Z' },
  ],
};

describe('the credits page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('explains an unsent message, shows balance, price in money and the ledger, and the support address', async () => {
    fakeApi({ 'GET /api/credits.php': () => json(CREDITS) });
    renderWithRoot(<CreditsOverview insufficient backTo="/chats/5" supportEmail="support@example.test" />);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: t('credits.insufficient_title') })).toBeTruthy();
    expect(
      within(alert)
        .getByRole('link', { name: t('credits.back_to_chat') })
        .getAttribute('href'),
    ).toBe('/chats/5');

    expect(await screen.findByText(t('credits.message_cost', { credits: 10, money: '€1.50' }))).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining(`${t('credits.reason_message')}-10`),
      expect.stringContaining(`${t('credits.reason_welcome')}+13`),
    ]);
    expect(screen.getByRole('link', { name: 'support@example.test' }).getAttribute('href')).toBe(
      'mailto:support@example.test',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says nothing about an unsent message when opened directly', async () => {
    fakeApi({ 'GET /api/credits.php': () => json(CREDITS) });
    renderWithRoot(<CreditsOverview insufficient={false} backTo={null} supportEmail="support@example.test" />);
    expect(await screen.findByText(t('credits.ledger_title'))).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
