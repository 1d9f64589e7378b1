import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { renderWithRoot, testI18n } from '../../../test/render';
import { makeSpending } from '../test/payment-fixtures';
import { SpendingLimitSection } from './spending-limit-section';

const t = testI18n.t;

const limitField = () => screen.findByRole('textbox', { name: t('spending.limit_label', { currency: 'EUR' }) });
const saveButton = () => screen.getByRole('button', { name: t('spending.save') });

describe('the spending limit section', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows this month’s spending against the limit, as words and as a bar', async () => {
    fakeApi({ 'GET /api/spending.php': () => json(makeSpending()) });
    renderWithRoot(<SpendingLimitSection />);

    expect(await screen.findByText('Spent this month: €4.05 of €10.00')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: t('spending.progress_label') });
    expect([bar.getAttribute('value'), bar.getAttribute('max')]).toEqual(['405', '1000']);
    expect(((await limitField()) as HTMLInputElement).value).toBe('10.00');
  });

  it('sends the typed amount in cents, and an empty field as no limit, then shows the waiting raise', async () => {
    const api = fakeApi({
      'GET /api/spending.php': () => json(makeSpending()),
      'PUT /api/spending.php': () =>
        json(makeSpending({ pending: { limit: 2550, effective_at: '2026-11-26T18:00:00.000Z' } })),
    });
    renderWithRoot(<SpendingLimitSection />);

    const field = await limitField();
    await userEvent.clear(field);
    await userEvent.type(field, '25,5');
    await userEvent.click(saveButton());

    await waitFor(() => expect(api.callsTo('PUT', '/api/spending.php')[0]?.body).toEqual({ limit: 2550 }));
    expect(await screen.findByText(t('spending.saved'))).toBeTruthy();
    expect(screen.getByText(/Your new limit of €25.50 takes effect on/)).toBeTruthy();

    await userEvent.clear(field);
    await userEvent.click(saveButton());
    await waitFor(() => expect(api.callsTo('PUT', '/api/spending.php')[1]?.body).toEqual({ limit: null }));
  });

  it('says next to the field when the amount is not one, and sends nothing', async () => {
    const api = fakeApi({ 'GET /api/spending.php': () => json(makeSpending({ limit: null, remaining: null })) });
    renderWithRoot(<SpendingLimitSection />);

    expect(await screen.findByText('Spent this month: €4.05')).toBeTruthy();
    const field = await limitField();
    await userEvent.type(field, '-5');
    await userEvent.click(saveButton());

    const message = await screen.findByText(t('spending.amount_invalid'));
    expect(field.getAttribute('aria-describedby')).toContain(message.closest('p')?.id);
    expect(api.callsTo('PUT', '/api/spending.php')).toHaveLength(0);
  });

  it('shows the server’s refusal of the amount next to the field', async () => {
    fakeApi({
      'GET /api/spending.php': () => json(makeSpending()),
      'PUT /api/spending.php': () =>
        json(
          { error: { code: 'validation_failed', message: 'Invalid', fields: { limit: 'validation.out_of_range' } } },
          400,
        ),
    });
    renderWithRoot(<SpendingLimitSection />);
    const field = await limitField();
    await userEvent.clear(field);
    await userEvent.type(field, '999999999');
    await userEvent.click(saveButton());
    const label = t('spending.limit_label', { currency: 'EUR' });
    expect(await screen.findByText(t('validation.named.out_of_range', { field: label }))).toBeTruthy();
    expect(screen.queryByText(t('spending.save_failed'))).toBeNull();
  });
});
