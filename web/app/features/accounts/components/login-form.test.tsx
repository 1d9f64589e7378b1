import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { renderWithRoot, testI18n } from '../../../test/render';
import { LoginForm } from './login-form';

const t = testI18n.t;
const twoFactorRequired = () =>
  json({ error: { code: 'two_factor_required', message: 'Enter the code from your authenticator app.' } }, 401);

describe('the login form with two-factor login on', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for the code after the password, or a recovery code instead', async () => {
    const user = userEvent.setup({ delay: null });
    const onLoggedIn = vi.fn();
    const api = fakeApi({
      'POST /api/login.php': twoFactorRequired,
      'POST /api/login_code.php': (call) =>
        (call.body as { recovery_code?: string }).recovery_code === 'aaaaa-bbbbb'
          ? json({})
          : json(
              { error: { code: 'validation_failed', message: 'x', fields: { code: 'validation.code_wrong' } } },
              400,
            ),
    });
    renderWithRoot(<LoginForm onLoggedIn={onLoggedIn} />);

    await user.type(await screen.findByRole('textbox', { name: t('login.email') }), 'me@example.test');
    await user.type(screen.getByLabelText(new RegExp(t('login.password'))), 'my password');
    await user.click(screen.getByRole('button', { name: t('login.submit') }));

    const code = await screen.findByRole('textbox', { name: t('login.code_label') });
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: t('login.code_submit') }));
    expect(await screen.findByText(t('validation.code_wrong'))).toBeTruthy();
    expect(onLoggedIn).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: t('login.use_recovery') }));
    await user.type(screen.getByRole('textbox', { name: t('login.recovery_label') }), 'aaaaa-bbbbb');
    await user.click(screen.getByRole('button', { name: t('login.code_submit') }));
    await vi.waitFor(() => expect(onLoggedIn).toHaveBeenCalledOnce());
    expect(api.callsTo('POST', '/api/login_code.php').map((call) => call.body)).toEqual([
      { code: '000000' },
      { recovery_code: 'aaaaa-bbbbb' },
    ]);
  });

  it('goes back to a fresh password step when asked', async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({ 'POST /api/login.php': twoFactorRequired });
    renderWithRoot(<LoginForm onLoggedIn={vi.fn()} />);
    await user.type(await screen.findByRole('textbox', { name: t('login.email') }), 'me@example.test');
    await user.type(screen.getByLabelText(new RegExp(t('login.password'))), 'my password');
    await user.click(screen.getByRole('button', { name: t('login.submit') }));
    await user.click(await screen.findByRole('button', { name: t('login.start_over') }));
    expect((screen.getByRole('button', { name: t('login.submit') }) as HTMLButtonElement).disabled).toBe(false);
  });
});
