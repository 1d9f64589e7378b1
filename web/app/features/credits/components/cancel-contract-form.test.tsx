import { REGIONAL_CODES } from '@rendezvous/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatFullTime } from '../../../lib/dates';
import { fakeApi, json } from '../../../test/fake-api';
import { renderWithRoot, testI18n } from '../../../test/render';
import { CancelContractForm } from './cancel-contract-form';

const t = testI18n.t;
const RECEIVED = '2026-11-25T20:15:00.000Z';

const emailField = () => screen.getByRole('textbox', { name: new RegExp(t('cancel_contract.email_label')) });
const cancelButton = () => screen.getByRole('button', { name: 'Cancel contract' });
const confirmButton = () => screen.findByRole('button', { name: 'Confirm cancellation now' });

describe('the public cancel page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('cancels in two steps and tells when the notice arrived and that a confirmation was mailed', async () => {
    const api = fakeApi({ 'POST /api/cancelcontract.php': () => json({ received_at: RECEIVED }) });
    renderWithRoot(<CancelContractForm />);

    await userEvent.type(emailField(), 'anna@example.com');
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Anna de Vries');
    await userEvent.click(cancelButton());

    // The first button only asks for the confirmation: nothing is sent yet.
    const confirm = await confirmButton();
    // The clicked button becomes the confirming one; the step's heading takes the focus from it once shown.
    const heading = screen.getByRole('heading', { name: t('cancel_contract.confirm_title') });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('anna@example.com')).toBeTruthy();
    expect(api.callsTo('POST', '/api/cancelcontract.php')).toHaveLength(0);

    await userEvent.click(confirm);
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain(t('cancel_contract.received_title'));
    expect(status.querySelector('time')?.textContent).toBe(formatFullTime(RECEIVED, REGIONAL_CODES.en));
    expect(status.textContent).toContain(t('cancel_contract.received_mail', { email: 'anna@example.com' }));
    expect(api.callsTo('POST', '/api/cancelcontract.php')[0]?.body).toEqual({
      email: 'anna@example.com',
      name: 'Anna de Vries',
    });
  });

  it('asks for the address before the confirmation step', async () => {
    fakeApi({});
    renderWithRoot(<CancelContractForm />);
    await userEvent.click(cancelButton());
    await waitFor(() => expect(emailField().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.queryByRole('button', { name: 'Confirm cancellation now' })).toBeNull();
  });

  it('brings a refused address back to its field with the server’s reason', async () => {
    fakeApi({
      'POST /api/cancelcontract.php': () =>
        json(
          { error: { code: 'validation_failed', message: 'Invalid', fields: { email: 'validation.email_invalid' } } },
          400,
        ),
    });
    renderWithRoot(<CancelContractForm />);
    await userEvent.type(emailField(), 'anna@example.com');
    await userEvent.click(cancelButton());
    await userEvent.click(await confirmButton());

    const message = await screen.findByText(t('validation.fields.email.email_invalid'));
    expect(emailField().getAttribute('aria-describedby')).toContain(message.closest('p')?.id);
  });
});
