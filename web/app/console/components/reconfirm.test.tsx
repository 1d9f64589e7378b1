import { RecoveryCodesResponseSchema } from '@rendezvous/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api-client';
import { fakeApi, json } from '../../test/fake-api';
import { renderWithI18n } from '../../test/render';
import { ReconfirmCancelled, ReconfirmProvider, useReconfirmed } from './reconfirm';

/** A sensitive action as a screen runs it: through `useReconfirmed`. */
function Regenerate() {
  const reconfirmed = useReconfirmed();
  const [result, setResult] = useState('');
  const run = async () => {
    try {
      const { recovery_codes } = await reconfirmed(() =>
        apiRequest('POST', '/api/console/recovery-codes', RecoveryCodesResponseSchema, { body: {} }),
      );
      setResult(recovery_codes.join(' '));
    } catch (error) {
      setResult(error instanceof ReconfirmCancelled ? 'cancelled' : 'failed');
    }
  };
  return (
    <>
      <button type="button" onClick={() => void run()}>
        Regenerate
      </button>
      <output>{result}</output>
    </>
  );
}

const refused = () => json({ error: { code: 'reconfirm_required', message: 'Enter the code again.' } }, 403);
const wrong = () =>
  json({ error: { code: 'validation_failed', message: 'No', fields: { code: 'console.validation.code_wrong' } } }, 400);

describe('a sensitive action whose code is too old', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the code, takes it, and does the action after all', async () => {
    const user = userEvent.setup({ delay: null });
    let confirmed = false;
    const api = fakeApi({
      'POST /api/console/recovery-codes': () => (confirmed ? json({ recovery_codes: ['ab-cd'] }) : refused()),
      'POST /api/console/reconfirm': ({ body }) => {
        confirmed = (body as { code: string }).code === '123456';
        return confirmed ? json({ ok: true }) : wrong();
      },
    });
    renderWithI18n(
      <ReconfirmProvider>
        <Regenerate />
      </ReconfirmProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(dialog).toBeTruthy();

    await user.type(screen.getByLabelText(/Code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('That code is not right. Enter the code your app shows now.')).toBeTruthy();

    await user.clear(screen.getByLabelText(/Code/));
    await user.type(screen.getByLabelText(/Code/), '123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('ab-cd')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/api/console/recovery-codes')).toHaveLength(2);
    expect(api.callsTo('POST', '/api/console/reconfirm').map((call) => call.body)).toEqual([
      { code: '654321' },
      { code: '123456' },
    ]);
  });

  it('does nothing when the dialog is closed instead', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({ 'POST /api/console/recovery-codes': refused });
    renderWithI18n(
      <ReconfirmProvider>
        <Regenerate />
      </ReconfirmProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('cancelled')).toBeTruthy();
    expect(api.callsTo('POST', '/api/console/recovery-codes')).toHaveLength(1);
  });
});
