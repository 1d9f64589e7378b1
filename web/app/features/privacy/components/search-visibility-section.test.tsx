import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { renderWithRoot, testI18n } from '../../../test/render';
import { SearchVisibilitySection } from './search-visibility-section';

const t = testI18n.t;
const section = () => screen.getByRole('region', { name: t('privacy.hide_title') });

describe('hiding from search on the account page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('saves the choice as it is ticked and says so', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      'GET /api/search_visibility.php': () => json({ hidden: false }),
      'PUT /api/search_visibility.php': (call) => json(call.body),
    });
    renderWithRoot(<SearchVisibilitySection />);

    const box = await within(section()).findByRole('checkbox', { name: t('privacy.hide_label') });
    expect((box as HTMLInputElement).checked).toBe(false);
    await user.click(box);

    expect(await within(section()).findByText(t('privacy.hide_saved_hidden'))).toBeTruthy();
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(api.callsTo('PUT', '/api/search_visibility.php').map((call) => call.body)).toEqual([{ hidden: true }]);
  });
});
