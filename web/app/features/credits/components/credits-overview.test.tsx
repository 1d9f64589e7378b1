import type { CreditsResponse } from '@rendezvous/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { renderWithRoot, testI18n } from '../../../test/render';
import { eur, makeSpending, PACKAGES, REPEAT_LARGE_FROM_NL } from '../test/payment-fixtures';
import { CreditsOverview, type CreditsOverviewProps } from './credits-overview';

const t = testI18n.t;

const CREDITS: CreditsResponse = {
  balance: 3,
  message_cost: { credits: 10, costs: 1.5, currency: 'EUR' },
  ledger: [
    { id: 2, delta: -10, reason: 'message', created_at: '2026-11-23T10:00:00Z' },
    { id: 1, delta: 13, reason: 'welcome', created_at: '2026-11-22T10:00:00Z' },
  ],
};

/** The page as the route composes it: the picked country lives with the page. */
function Page(props: Partial<CreditsOverviewProps>) {
  const [country, setCountry] = useState<string | null>(null);
  return (
    <CreditsOverview
      insufficient={false}
      returnTo={null}
      supportEmail="support@example.test"
      country={country}
      onCountryChange={setCountry}
      {...props}
    />
  );
}

describe('the credits page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('explains an unsent message and offers the packages with their prices, keeping the way back', async () => {
    fakeApi({
      'GET /api/credits.php': () => json(CREDITS),
      'GET /api/spending.php': () => json(makeSpending()),
      'GET /api/creditpackages.php': () => json(PACKAGES),
    });
    renderWithRoot(<Page insufficient returnTo="/chats/5" />);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: t('credits.insufficient_title') })).toBeTruthy();
    expect(
      within(alert)
        .getByRole('link', { name: t('credits.back_to_chat') })
        .getAttribute('href'),
    ).toBe('/chats/5');

    const large = await screen.findByRole('link', { name: /500 credits/ });
    expect(large.textContent).toContain('+15 bonus credits');
    expect(large.textContent).toContain('€39.99');
    expect(large.textContent).toContain('€0.78 per message');
    expect(large.getAttribute('href')).toBe('/credits/large?return_to=%2Fchats%2F5');
    const small = screen.getByRole('link', { name: /100 credits/ });
    expect(small.textContent).not.toContain('bonus');
    expect(small.textContent).toContain('€9.99');

    expect(await screen.findByText(t('credits.message_cost', { credits: 10, money: '€1.50' }))).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining(`${t('credits.reason_message')}-10`),
      expect.stringContaining(`${t('credits.reason_welcome')}+13`),
    ]);
  });

  it('prices the packages for another payment country when the member picks one, and keeps it for the checkout', async () => {
    const api = fakeApi({
      'GET /api/credits.php': () => json(CREDITS),
      'GET /api/spending.php': () => json(makeSpending()),
      'GET /api/creditpackages.php': ({ url }) =>
        json(
          url.includes('country=BE')
            ? { ...PACKAGES, country: 'BE', packages: [{ ...PACKAGES.packages[0]!, price: eur(1049) }] }
            : PACKAGES,
        ),
    });
    renderWithRoot(<Page />);

    const picker = await screen.findByRole('combobox', { name: t('credits.country_label') });
    expect((picker as HTMLSelectElement).value).toBe('NL');
    await userEvent.selectOptions(picker, 'BE');

    await waitFor(() => expect(screen.getByRole('link', { name: /100 credits/ }).textContent).toContain('€10.49'));
    expect(screen.getByRole('link', { name: /100 credits/ }).getAttribute('href')).toBe('/credits/small?country=BE');
    expect(api.callsTo('GET', '/api/creditpackages.php').map((call) => call.url)).toEqual([
      '/api/creditpackages.php',
      '/api/creditpackages.php?country=BE',
    ]);
  });

  it('offers no country to pick on a site of one country', async () => {
    fakeApi({
      'GET /api/credits.php': () => json(CREDITS),
      'GET /api/spending.php': () => json(makeSpending()),
      'GET /api/creditpackages.php': () => json({ ...PACKAGES, countries: ['NL'] }),
    });
    renderWithRoot(<Page />);
    expect(await screen.findByRole('link', { name: /100 credits/ })).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('says plainly that buying is not available where the site sells no credits', async () => {
    fakeApi({
      'GET /api/credits.php': () => json(CREDITS),
      'GET /api/spending.php': () => json(makeSpending()),
      'GET /api/creditpackages.php': () => json({ ...PACKAGES, packages: [] }),
    });
    renderWithRoot(<Page />);
    expect(await screen.findByText(t('credits.buy_unavailable'), { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'support@example.test' }).getAttribute('href')).toBe(
      'mailto:support@example.test',
    );
    expect(await screen.findByText(t('credits.ledger_title'))).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says what was spent this month against the member’s limit, with the way to change it', async () => {
    fakeApi({
      'GET /api/credits.php': () => json(CREDITS),
      'GET /api/creditpackages.php': () => json(PACKAGES),
      'GET /api/spending.php': () => json(makeSpending()),
    });
    renderWithRoot(<Page />);

    expect((await screen.findByText('Spent this month: €4.05 of €10.00')).tagName).toBe('P');
    expect(screen.getByRole('link', { name: t('spending.change_link') }).getAttribute('href')).toBe(
      '/profile#spending-limit',
    );
  });

  it('offers to buy the last package again in one step only where the method was kept', async () => {
    let refusal: 'no_kept_method' | null = null;
    const api = fakeApi({
      'GET /api/credits.php': () => json(CREDITS),
      'GET /api/creditpackages.php': () => json(PACKAGES),
      'GET /api/spending.php': () => json(makeSpending()),
      'GET /api/repeatorder.php': () => json({ ...REPEAT_LARGE_FROM_NL, refusal }),
    });
    const first = renderWithRoot(<Page />);
    const link = await screen.findByRole('link', { name: t('repeat_order.link') });
    expect(link.getAttribute('href')).toBe('/credits/repeat-order');
    first.unmount();

    refusal = 'no_kept_method';
    renderWithRoot(<Page />);
    await waitFor(() => expect(api.callsTo('GET', '/api/repeatorder.php')).toHaveLength(2));
    expect(await screen.findByText('Spent this month: €4.05 of €10.00')).toBeTruthy();
    expect(screen.queryByRole('link', { name: t('repeat_order.link') })).toBeNull();
  });
});
