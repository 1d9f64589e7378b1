import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { renderWithRoot, testI18n } from '../../../test/render';
import { ProfileVisitorsSection } from './profile-visitors-section';

const t = testI18n.t;
const section = () => screen.getByRole('region', { name: t('privacy.visitors_title') });
const ANNA = {
  id: 12,
  name: 'Anna',
  age: 64,
  city: 'Delft',
  main_image: { thumb_filename: 'a.jpg' },
  viewed_at: '2026-12-05T10:00:00.000Z',
};

describe('who viewed me on the account page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the visitors with a link to each, and what premium would add', async () => {
    fakeApi({ 'GET /api/profile_visitors.php': () => json({ visitors: [ANNA], more: 4, leaves_trace: true }) });
    renderWithRoot(<ProfileVisitorsSection cdnPrefix="" />);

    const list = await within(section()).findByRole('list', { name: t('privacy.visitors_title') });
    const link = within(list).getByRole('link', { name: 'Anna, 64' });
    expect(link.getAttribute('href')).toBe('/members/12');
    expect(within(list).getByText(/Delft/)).toBeTruthy();
    expect(within(section()).getByText(t('privacy.visitors_more', { number: 4 }))).toBeTruthy();
    expect(
      within(section())
        .getByRole('link', { name: t('privacy.visitors_premium') })
        .getAttribute('href'),
    ).toBe('/premium');
  });

  it('turns the member’s own trace off as the box is unticked', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      'GET /api/profile_visitors.php': () => json({ visitors: [], more: 0, leaves_trace: true }),
      'PUT /api/profile_visitors.php': (call) =>
        json({ visitors: [], more: 0, leaves_trace: (call.body as { leaves_trace: boolean }).leaves_trace }),
    });
    renderWithRoot(<ProfileVisitorsSection cdnPrefix="" />);
    const box = await within(section()).findByRole('checkbox', { name: t('privacy.visitors_trace_label') });
    expect((box as HTMLInputElement).checked).toBe(true);
    await user.click(box);
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(false));
    expect(api.callsTo('PUT', '/api/profile_visitors.php').map((call) => call.body)).toEqual([{ leaves_trace: false }]);
  });

  it('says when nobody came', async () => {
    fakeApi({ 'GET /api/profile_visitors.php': () => json({ visitors: [], more: 0, leaves_trace: true }) });
    renderWithRoot(<ProfileVisitorsSection cdnPrefix="" />);
    expect(await within(section()).findByText(t('privacy.visitors_empty'))).toBeTruthy();
  });
});
