import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { renderWithRoot, testI18n } from '../../../test/render';
import { TwoFactorSection } from './two-factor-section';

const t = testI18n.t;
const section = () => screen.getByRole('region', { name: t('privacy.two_factor_title') });
const OFFER = { otpauth_uri: 'otpauth://totp/x', qr_code: 'data:image/svg+xml;base64,PHN2Zy8+', secret: 'ABCDEFGH' };
const CODES = ['aaaaa-bbbbb', 'ccccc-ddddd'];

describe('two-factor login on the account page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is turned on with the QR code and the first code, then shows the recovery codes once', async () => {
    const user = userEvent.setup({ delay: null });
    let enabled = false;
    const api = fakeApi({
      'GET /api/two_factor.php': () => json({ enabled, recovery_codes_left: enabled ? 2 : 0 }),
      'POST /api/two_factor_setup.php': () => json(OFFER),
      'PUT /api/two_factor.php': (call) => {
        if ((call.body as { code: string }).code !== '123456') {
          return json(
            { error: { code: 'validation_failed', message: 'x', fields: { code: 'validation.code_wrong' } } },
            400,
          );
        }
        enabled = true;
        return json({ recovery_codes: CODES });
      },
    });
    renderWithRoot(<TwoFactorSection />);

    expect(await within(section()).findByText(t('privacy.two_factor_off'))).toBeTruthy();
    await user.click(within(section()).getByRole('button', { name: t('privacy.two_factor_enable') }));
    const qr = await within(section()).findByRole('img', { name: t('privacy.two_factor_qr_alt') });
    expect(qr.getAttribute('src')).toBe(OFFER.qr_code);
    expect(within(section()).getByText('ABCDEFGH')).toBeTruthy();

    const code = within(section()).getByRole('textbox', { name: t('privacy.two_factor_code') });
    await user.type(code, '000000');
    await user.click(within(section()).getByRole('button', { name: t('privacy.two_factor_confirm') }));
    expect(await within(section()).findByText(t('validation.code_wrong'))).toBeTruthy();

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(within(section()).getByRole('button', { name: t('privacy.two_factor_confirm') }));
    const list = await within(section()).findByRole('list', { name: t('privacy.two_factor_recovery_title') });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(api.callsTo('PUT', '/api/two_factor.php').at(-1)?.body).toEqual({ code: '123456' });

    await user.click(within(section()).getByRole('button', { name: t('privacy.two_factor_recovery_saved') }));
    expect(await within(section()).findByText(t('privacy.two_factor_on', { number: 2 }))).toBeTruthy();
    expect(within(section()).queryByText(CODES[0]!)).toBeNull();
  });

  it('is turned off with the password and a code', async () => {
    const user = userEvent.setup({ delay: null });
    let enabled = true;
    const api = fakeApi({
      'GET /api/two_factor.php': () => json({ enabled, recovery_codes_left: enabled ? 10 : 0 }),
      'DELETE /api/two_factor.php': () => {
        enabled = false;
        return json({ enabled, recovery_codes_left: 0 });
      },
    });
    renderWithRoot(<TwoFactorSection />);

    await user.type(
      await within(section()).findByLabelText(new RegExp(t('privacy.two_factor_password'))),
      'my password',
    );
    await user.type(
      within(section()).getByRole('textbox', { name: t('privacy.two_factor_code_or_recovery') }),
      'aaaaa-bbbbb',
    );
    await user.click(within(section()).getByRole('button', { name: t('privacy.two_factor_disable') }));

    expect(await within(section()).findByText(t('privacy.two_factor_off'))).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/two_factor.php')[0]?.body).toEqual({
      password: 'my password',
      code: 'aaaaa-bbbbb',
    });
  });
});
