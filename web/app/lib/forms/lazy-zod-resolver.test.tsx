import { PasswordChangeSchema, type PasswordChange } from '@rendezvous/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormTextField } from '../../components/forms/form-fields';
import { FormAlert } from '../../components/ui/form-alert';
import { renderWithI18n } from '../../test/render';
import { lazyZodResolver } from './lazy-zod-resolver';
import { useApiForm } from './use-api-form';

/** A form as the screens build them: the contract's schema, loaded by the first check. */
function PasswordForm({
  loadSchema,
  send,
}: {
  loadSchema: () => Promise<typeof PasswordChangeSchema>;
  send: (values: PasswordChange) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { control, onSubmit, failure } = useApiForm({
    defaultValues: { current_password: '', password: '' },
    resolver: lazyZodResolver(loadSchema),
    send,
    failureOf: () => 'password_change.failed',
    recheckOnChange: true,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
      <FormTextField control={control} label="Current password" name="current_password" type="password" />
      <FormTextField control={control} label="New password" name="password" type="password" />
      <button type="submit">Change</button>
    </form>
  );
}

const current = () => screen.getByLabelText('Current password');
const fresh = () => screen.getByLabelText('New password');

describe('lazyZodResolver', () => {
  it('loads the schema on the first check and puts its messages next to their fields', async () => {
    const user = userEvent.setup({ delay: null });
    const loadSchema = vi.fn(() => Promise.resolve(PasswordChangeSchema));
    const send = vi.fn(() => Promise.resolve());
    renderWithI18n(<PasswordForm loadSchema={loadSchema} send={send} />);
    await user.type(fresh(), 'short');
    // Reading and typing load nothing: the page got by without zod until now.
    expect(loadSchema).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(await screen.findByText('Please enter your current password')).toBeTruthy();
    expect(screen.getByText('Your password is too short: at least 8 characters')).toBeTruthy();
    expect(current().getAttribute('aria-invalid')).toBe('true');
    expect(fresh().getAttribute('aria-invalid')).toBe('true');
    expect(send).not.toHaveBeenCalled();

    // After a submit the messages follow the typing, as with the schema at hand.
    await user.type(fresh(), ' but longer');
    await waitFor(() => expect(screen.queryByText('Your password is too short: at least 8 characters')).toBeNull());
    await user.type(current(), 'old password');
    await user.click(screen.getByRole('button', { name: 'Change' }));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith({ current_password: 'old password', password: 'short but longer' }),
    );
  });

  it('refuses the submit like a failed send when the schema does not load, and checks again on the next', async () => {
    const user = userEvent.setup({ delay: null });
    const loadSchema = vi
      .fn<() => Promise<typeof PasswordChangeSchema>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(PasswordChangeSchema);
    const send = vi.fn(() => Promise.resolve());
    renderWithI18n(<PasswordForm loadSchema={loadSchema} send={send} />);
    await user.type(current(), 'old password');
    await user.type(fresh(), 'a brand new password');

    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your password could not be changed just now. Please try again.',
    );
    expect(send).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Change' }));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith({ current_password: 'old password', password: 'a brand new password' }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("words a check the schema left without a message in the member's language, never zod's English", async () => {
    const user = userEvent.setup({ delay: null });
    const NicknameSchema = z.object({ nickname: z.string().min(1).max(5) });
    function NicknameForm() {
      const { control, onSubmit } = useApiForm({
        defaultValues: { nickname: '' },
        resolver: lazyZodResolver(() => Promise.resolve(NicknameSchema)),
        send: () => Promise.resolve(),
        failureOf: () => 'password_change.failed',
      });
      return (
        <form onSubmit={onSubmit} noValidate>
          <FormTextField control={control} label="Nickname" name="nickname" />
          <button type="submit">Save</button>
        </form>
      );
    }
    renderWithI18n(<NicknameForm />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please fill in “Nickname”')).toBeTruthy();
    await user.type(screen.getByLabelText('Nickname'), 'Longer than five');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('“Nickname” is too long')).toBeTruthy();
  });
});
