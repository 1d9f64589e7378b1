import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { renderWithI18n } from '../../../test/render';
import { PasswordChangeForm } from './password-change-form';

const current = () => screen.getByLabelText(/Current password/);
const fresh = () => screen.getByLabelText(/New password/);
const submit = () => screen.getByRole('button', { name: 'Change my password' });

describe('the password change form', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('checks both fields before sending', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({});
    renderWithI18n(<PasswordChangeForm />);
    await user.type(fresh(), 'short');
    await user.click(submit());
    expect(await screen.findByText('Please enter your current password')).toBeTruthy();
    expect(screen.getByText('Your password is too short: at least 8 characters')).toBeTruthy();
    expect(current().getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toHaveLength(0);
  });

  it('shows a wrong current password next to that field', async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      'POST /api/password_change.php': () =>
        json(
          {
            error: {
              code: 'validation_failed',
              message: 'Invalid input',
              fields: { current_password: 'validation.password_wrong' },
            },
          },
          400,
        ),
    });
    renderWithI18n(<PasswordChangeForm />);
    await user.type(current(), 'not it');
    await user.type(fresh(), 'a brand new password');
    await user.click(submit());
    expect(await screen.findByText('This password is not correct')).toBeTruthy();
    expect(current().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('sends both passwords, empties the fields and confirms', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({ 'POST /api/password_change.php': () => json({ changed: true }) });
    renderWithI18n(<PasswordChangeForm />);
    await user.type(current(), 'old password');
    await user.type(fresh(), 'a brand new password');
    await user.click(submit());
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Your password has been changed. You have been logged out on your other devices.',
      ),
    );
    expect(api.calls[0]?.body).toEqual({ current_password: 'old password', password: 'a brand new password' });
    expect((current() as HTMLInputElement).value).toBe('');
    expect((fresh() as HTMLInputElement).value).toBe('');
  });
});
