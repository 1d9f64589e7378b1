import { screen, within } from '@testing-library/react';
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
    fakeApi({ 'GET /api/profile_visitors.php': () => json({ visitors: [ANNA], more: 4 }) });
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

  it('says when nobody came', async () => {
    fakeApi({ 'GET /api/profile_visitors.php': () => json({ visitors: [], more: 0 }) });
    renderWithRoot(<ProfileVisitorsSection cdnPrefix="" />);
    expect(await within(section()).findByText(t('privacy.visitors_empty'))).toBeTruthy();
  });
});
