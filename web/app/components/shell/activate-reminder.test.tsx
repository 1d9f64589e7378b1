import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../test/render';
import { ActivateReminder } from './activate-reminder';

describe('ActivateReminder', () => {
  it('asks to confirm the address it names', () => {
    renderWithI18n(<ActivateReminder email="anna@example.test" />);
    expect(screen.getByRole('region', { name: 'Please confirm your e-mail address' }).textContent).toContain(
      'anna@example.test',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('sends the mail again on request and says so', async () => {
    const user = userEvent.setup({ delay: null });
    const onResend = vi.fn(async () => {});
    renderWithI18n(<ActivateReminder email="anna@example.test" onResend={onResend} />);
    await user.click(screen.getByRole('button', { name: 'Send the e-mail again' }));
    expect(onResend).toHaveBeenCalledOnce();
    expect(screen.getByRole('status').textContent).toBe('We have sent the e-mail again.');
  });

  it('offers the button again when sending failed', async () => {
    const user = userEvent.setup({ delay: null });
    const onResend = vi.fn(async () => {
      throw new Error('offline');
    });
    renderWithI18n(<ActivateReminder email="anna@example.test" onResend={onResend} />);
    await user.click(screen.getByRole('button', { name: 'Send the e-mail again' }));
    const button = screen.getByRole('button', { name: 'Send the e-mail again' }) as HTMLButtonElement;
    // The refusal settles after the click has returned: the button is busy until then.
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
