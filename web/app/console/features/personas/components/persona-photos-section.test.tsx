import type { PersonaDetail, ProfileImage } from '@rendezvous/contract';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../../test/fake-api';
import { renderWithRoot } from '../../../../test/render';
import { personaQueryOptions } from '../api/persona-calls';
import { PersonaPhotosSection } from './persona-photos-section';

const image = (id: number): ProfileImage => ({
  id,
  filename: `${String(id).repeat(32)}.jpg`.slice(-36),
  thumb_filename: `${String(id + 5).repeat(32)}.jpg`.slice(-36),
});
const [first, second, third] = [image(1), image(2), image(3)];

const persona = (images: ProfileImage[]): PersonaDetail => ({
  id: 7,
  site_id: 1,
  state: 'active',
  name: 'Greta',
  language: 'nl',
  gender: 'female',
  date_of_birth: '1966-04-01',
  age: 60,
  country: 'NL',
  countryregion: null,
  city: 'Haarlem',
  personal: {},
  main_image: first,
  images,
  sheet: { character: '', tone: '', facts: '', avoid: '', updated_at: null, updated_by: null },
  created_at: '2026-11-20T10:00:00.000Z',
});

/** The section as the persona screen shows it: from the persona's query, which each answer replaces. */
function Photos() {
  const { data } = useQuery(personaQueryOptions(7));
  return data ? <PersonaPhotosSection persona={data} /> : null;
}

describe("a persona's photos", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('moves a photo a place later, sends the whole order, and keeps the focus on the photo', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      'GET /api/console/personas/7': () => json(persona([first, second, third])),
      'PUT /api/console/personas/7/image-order': () => json(persona([second, first, third])),
    });
    renderWithRoot(<Photos />);
    const photos = await screen.findByRole('region', { name: 'Photos' });
    const shown = () =>
      within(photos)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt'));
    expect(shown()).toEqual(['Photo 1 of Greta, the main photo', 'Photo 2 of Greta', 'Photo 3 of Greta']);
    // Nothing comes before the first photo, nor after the last.
    expect(within(photos).queryByRole('button', { name: 'Move earlier (photo 1)' })).toBeNull();
    expect(within(photos).queryByRole('button', { name: 'Move later (photo 3)' })).toBeNull();

    await user.click(within(photos).getByRole('button', { name: 'Move later (photo 1)' }));
    expect(await within(photos).findByText('The order of the photos has been changed.')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/console/personas/7/image-order')[0]?.body).toEqual({ ids: [2, 1, 3] });
    expect(shown()).toEqual(['Photo 1 of Greta', 'Photo 2 of Greta, the main photo', 'Photo 3 of Greta']);
    await waitFor(() =>
      expect(document.activeElement).toBe(within(photos).getByRole('button', { name: 'Move later (photo 2)' })),
    );
  });
});
