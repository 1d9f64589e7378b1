import type { DiscountCode } from '@rendezvous/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { makeUser, makeWebContext, renderWithRoot, testI18n } from '../../../test/render';
import { DeleteAccountDialog } from './delete-account-dialog';

const t = testI18n.t;

const STAY: DiscountCode = {
  code: 'STAY-0A1B2C3D4E',
  kind: 'percent',
  value: 50,
  purpose: 'delete',
  valid_until: '2026-11-26T10:00:00Z',
};

function renderDialog() {
  renderWithRoot(<DeleteAccountDialog open discount={50} onClose={vi.fn()} onDeleted={vi.fn()} />, {
    web: makeWebContext({ user: makeUser() }),
  });
}

describe('the parting offer before deleting an account', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the discount as a code of the member’s own, taken to the credits page', async () => {
    fakeApi({ 'GET /api/discountcode.php': () => json(STAY) });
    renderDialog();
    const stay = await screen.findByRole('link', { name: t('delete.stay_with_discount', { discount: 50 }) });
    expect(stay.getAttribute('href')).toBe('/credits?discount_code=STAY-0A1B2C3D4E');
    expect(screen.getByRole('button', { name: t('delete.continue') })).toBeTruthy();
  });

  it('keeps the plain offer when the code cannot be had', async () => {
    const api = fakeApi({
      'GET /api/discountcode.php': () => json({ error: { code: 'internal', message: 'Down' } }, 500),
    });
    renderDialog();
    await waitFor(() => expect(api.callsTo('GET', '/api/discountcode.php')).not.toHaveLength(0));
    expect(await screen.findByRole('button', { name: t('delete.keep') })).toBeTruthy();
    expect(screen.getByText(t('delete.offer_text', { discount: 50 }))).toBeTruthy();
    expect(screen.queryByRole('link', { name: t('delete.stay_with_discount', { discount: 50 }) })).toBeNull();
  });
});
