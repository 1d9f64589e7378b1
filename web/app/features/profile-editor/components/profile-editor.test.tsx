import type { ProfileImage, User } from '@rendezvous/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { makeUser, makeWebContext, renderWithRoot } from '../../../test/render';
import { ProfileEditor } from './profile-editor';

const today = new Date(Date.UTC(2026, 5, 15));
const image = (id: number): ProfileImage => ({
  id,
  filename: `${String(id).repeat(32).slice(0, 32)}.jpg`,
  thumb_filename: `${String(id + 1)
    .repeat(32)
    .slice(0, 32)}.jpg`,
});
const [first, second] = [image(1), image(2)];

function member(profile: Partial<User['profile']> = {}): User {
  const base = makeUser();
  return { ...base, profile: { ...base.profile, ...profile } };
}

function renderEditor(user: User) {
  const web = makeWebContext({
    user,
    settings: {
      countries: ['NL', 'BE'],
      region_data: {
        NL: [{ id: 5, code: 'NL-NH', name: 'North Holland' }],
        BE: [{ id: 9, code: 'BE-VAN', name: 'Antwerp' }],
      },
      visible_profile_fields: ['city', 'smoking'],
      visible_profile_notes: ['about_me', 'looking_for'],
      allowed_values: { smoking: ['no', 'sometimes', 'yes'] },
    },
  });
  renderWithRoot(<ProfileEditor user={user} settings={web.settings} today={today} />, { web, path: '/profile' });
}

const section = (name: string) => screen.getByRole('region', { name });

describe('the profile editor', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  describe('photos', () => {
    it('shows the photos with the main one marked, and makes another the main one', async () => {
      const user = userEvent.setup({ delay: null });
      const api = fakeApi({
        'PUT /api/profileimage.php': () => json(member({ images: [first, second], main_image: second })),
      });
      renderEditor(member({ images: [first, second], main_image: first }));
      const photos = section('Your photos');
      expect(within(photos).getByRole('img', { name: 'Your photo 1, your main photo' })).toBeTruthy();
      // The main photo cannot be made main again.
      expect(within(photos).queryByRole('button', { name: 'Make main photo (photo 1)' })).toBeNull();

      await user.click(within(photos).getByRole('button', { name: 'Make main photo (photo 2)' }));
      // The live region is there before the answer, so wait for its words, not for it.
      await waitFor(() =>
        expect(within(photos).getByRole('status').textContent).toBe('Your main photo has been changed.'),
      );
      expect(api.callsTo('PUT', '/api/profileimage.php')[0]?.body).toEqual({ id: 2, main: true });
      expect(within(photos).getByRole('img', { name: 'Your photo 2, your main photo' })).toBeTruthy();
      expect(within(photos).getByRole('button', { name: 'Make main photo (photo 1)' })).toBeTruthy();
    });

    it('marks a photo waiting for review, which cannot be made the main one yet', () => {
      fakeApi({});
      renderEditor(member({ images: [first, { ...second, in_review: true }], main_image: first }));
      const photos = section('Your photos');
      expect(
        within(photos).getByText('Waiting for review: others see this photo once a moderator approves it.'),
      ).toBeTruthy();
      expect(within(photos).queryByRole('button', { name: 'Make main photo (photo 2)' })).toBeNull();
    });

    it('asks before removing a photo, and keeps it when the member changes their mind', async () => {
      const user = userEvent.setup({ delay: null });
      const api = fakeApi({
        'DELETE /api/profileimage.php': () => json(member({ images: [second], main_image: second })),
      });
      renderEditor(member({ images: [first, second], main_image: first }));
      const photos = section('Your photos');

      await user.click(within(photos).getByRole('button', { name: 'Remove (photo 1)' }));
      await user.click(within(screen.getByRole('dialog', { name: 'Remove this photo?' })).getByText('Keep it'));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(api.calls).toHaveLength(0);

      await user.click(within(photos).getByRole('button', { name: 'Remove (photo 1)' }));
      await user.click(screen.getByRole('button', { name: 'Remove photo' }));
      await waitFor(() => expect(within(photos).getByRole('status').textContent).toBe('The photo has been removed.'));
      expect(api.callsTo('DELETE', '/api/profileimage.php')[0]?.body).toEqual({ id: 1 });
      expect(
        within(photos)
          .getAllByRole('img')
          .map((img) => img.getAttribute('alt')),
      ).toEqual(['Your photo 1, your main photo']);
      // Focus lands on the section rather than on the page's start.
      expect(document.activeElement).toBe(within(photos).getByRole('heading', { name: 'Your photos' }));
    });

    it('uploads a chosen photo at once and refuses other files before sending', async () => {
      const user = userEvent.setup({ applyAccept: false });
      const api = fakeApi({
        'POST /api/profileimage.php': () => json(member({ images: [first], main_image: first })),
      });
      renderEditor(member());
      const photos = section('Your photos');
      expect(within(photos).getByText('You have no photos yet.')).toBeTruthy();
      const input = within(photos).getByLabelText(/Tap to add a photo/);

      await user.upload(input, new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }));
      expect(within(photos).getByRole('alert').textContent).toBe('Please choose a JPG or PNG photo.');
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(api.calls).toHaveLength(0);

      await user.upload(input, new File(['jpeg'], 'me.jpg', { type: 'image/jpeg' }));
      await waitFor(() => expect(within(photos).getByRole('status').textContent).toBe('Your photo has been added.'));
      const sent = api.callsTo('POST', '/api/profileimage.php')[0]?.body as FormData;
      expect((sent.get('file') as File).name).toBe('me.jpg');
      expect(within(photos).queryByRole('alert')).toBeNull();
      expect(within(photos).getByRole('img', { name: 'Your photo 1, your main photo' })).toBeTruthy();
    });

    it("words the server's refusal of an upload", async () => {
      const user = userEvent.setup({ delay: null });
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      fakeApi({
        'POST /api/profileimage.php': () =>
          json(
            {
              error: {
                code: 'validation_failed',
                message: 'damaged',
                fields: { file: 'profile_images.unreadable' },
              },
            },
            400,
          ),
      });
      renderEditor(member());
      const photos = section('Your photos');
      await user.upload(
        within(photos).getByLabelText(/Tap to add a photo/),
        new File(['x'], 'half.jpg', { type: 'image/jpeg' }),
      );
      expect((await within(photos).findByRole('alert')).textContent).toBe(
        'This file could not be read as a photo. Please try another one.',
      );
    });
  });

  describe('living area', () => {
    it('saves country, region and town, and says so until the next edit', async () => {
      const user = userEvent.setup({ delay: null });
      const api = fakeApi({ 'PUT /api/user.php': () => json(member({ country: 'BE', city: 'Gent' })) });
      renderEditor(member({ country: 'NL', countryregion: 5, city: 'Haarlem' }));
      const area = section('Where you live');
      expect(within(area).getByRole('combobox', { name: /Region/ })).toHaveProperty('value', '5');

      await user.selectOptions(within(area).getByRole('combobox', { name: /Country/ }), 'BE');
      await user.selectOptions(within(area).getByRole('combobox', { name: /Region/ }), 'Antwerp');
      await user.clear(within(area).getByRole('textbox', { name: /Town or city/ }));
      await user.type(within(area).getByRole('textbox', { name: /Town or city/ }), 'Gent');
      await user.click(within(area).getByRole('button', { name: 'Save living area' }));

      await waitFor(() => expect(within(area).getByRole('status').textContent).toBe('Saved'));
      expect(api.calls[0]?.body).toEqual({ country: 'BE', countryregion: 9, city: 'Gent' });
      await user.type(within(area).getByRole('textbox', { name: /Town or city/ }), 'brugge');
      expect(within(area).getByRole('status').textContent).toBe('');
    });

    it('shows a failure next to the form when the server cannot save', async () => {
      const user = userEvent.setup({ delay: null });
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      fakeApi({ 'PUT /api/user.php': () => json({ error: { code: 'internal', message: 'boom' } }, 500) });
      renderEditor(member());
      const area = section('Where you live');
      await user.click(within(area).getByRole('button', { name: 'Save living area' }));
      expect((await within(area).findByRole('alert')).textContent).toBe(
        'We could not save this just now. Please try again.',
      );
      expect(within(area).getByRole('status').textContent).toBe('');
    });
  });

  describe('personal details', () => {
    it('saves name, gender, birth date and choices, sending an emptied choice as null', async () => {
      const user = userEvent.setup({ delay: null });
      const api = fakeApi({ 'PUT /api/user.php': () => json(member()) });
      renderEditor(member({ name: 'Anna', gender: 'female', personal: { smoking: 'no' } }));
      const personal = section('About you');

      await user.clear(within(personal).getByRole('textbox', { name: /Your name/ }));
      await user.type(within(personal).getByRole('textbox', { name: /Your name/ }), 'Annie');
      await user.selectOptions(within(personal).getByRole('combobox', { name: 'Month' }), 'April');
      await user.selectOptions(within(personal).getByRole('combobox', { name: 'Day' }), '2');
      await user.selectOptions(within(personal).getByRole('combobox', { name: 'Year' }), '1958');
      await user.selectOptions(within(personal).getByRole('combobox', { name: 'Do you smoke?' }), 'Not given');
      await user.click(within(personal).getByRole('button', { name: 'Save personal details' }));

      await waitFor(() => expect(within(personal).getByRole('status').textContent).toBe('Saved'));
      expect(api.calls[0]?.body).toEqual({
        profile: { name: 'Annie', gender: 'female', date_of_birth: '1958-04-02', smoking: null },
      });
    });

    it('checks the name before sending and shows the server’s reasons by field', async () => {
      const user = userEvent.setup({ delay: null });
      const api = fakeApi({
        'PUT /api/user.php': () =>
          json(
            {
              error: {
                code: 'validation_failed',
                message: 'Invalid input',
                fields: { 'profile.name': 'signup.name_starts_with_at' },
              },
            },
            400,
          ),
      });
      renderEditor(member({ name: 'Anna' }));
      const personal = section('About you');
      const name = within(personal).getByRole('textbox', { name: /Your name/ });

      await user.clear(name);
      await user.click(within(personal).getByRole('button', { name: 'Save personal details' }));
      // The form checks with the contract's schema, which loads on the first check: wait for its word.
      expect(await within(personal).findByText('This field should be at least 1 characters long')).toBeTruthy();
      expect(api.calls).toHaveLength(0);

      await user.type(name, 'Anna');
      await user.click(within(personal).getByRole('button', { name: 'Save personal details' }));
      expect(await within(personal).findByText('Your name cannot start with @')).toBeTruthy();
      expect(name.getAttribute('aria-invalid')).toBe('true');
      expect(within(personal).queryByRole('alert')).toBeNull();
    });
  });

  describe('about-me texts', () => {
    it('saves every text, an emptied one as empty so it is removed', async () => {
      const user = userEvent.setup({ delay: null });
      const api = fakeApi({ 'PUT /api/user.php': () => json(member()) });
      renderEditor(member({ personal: { about_me: 'Walks.', looking_for: 'Company.' } }));
      const about = section('In your own words');

      await user.clear(within(about).getByRole('textbox', { name: 'About me' }));
      await user.type(within(about).getByRole('textbox', { name: 'About me' }), 'Dancing on Sundays. ');
      await user.clear(within(about).getByRole('textbox', { name: 'Who I would like to meet' }));
      await user.click(within(about).getByRole('button', { name: 'Save texts' }));

      await waitFor(() => expect(within(about).getByRole('status').textContent).toBe('Saved'));
      expect(api.calls[0]?.body).toEqual({
        profile: { personal: { about_me: 'Dancing on Sundays.', looking_for: '' } },
      });
    });

    it('marks a text others do not see until a moderator approves it', () => {
      fakeApi({});
      renderEditor(
        member({
          personal: { about_me: 'Dancing on Sundays.', looking_for: 'Company.' },
          personal_in_review: ['about_me'],
        }),
      );
      const about = section('In your own words');
      const description = (name: string) =>
        (within(about).getByRole('textbox', { name }).getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ');
      expect(description('About me')).toContain(
        'Waiting for review: others see this text once a moderator approves it.',
      );
      expect(description('Who I would like to meet')).not.toContain('Waiting for review');
    });
  });
});
