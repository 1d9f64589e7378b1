import type { Settings, User } from '@rendezvous/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { makeUser, makeWebContext, renderWithRoot } from '../../../test/render';
import { GEOLOCATION_CACHE_KEY } from '../lib/geolocation';
import { ActivationProgress, webmailSearchUrl } from './activation-progress';
import { ConfirmStep, SIGNUP_FLOW_COMPLETE_EVENT } from './confirm-step';
import { SignupForm } from './signup-form';
import { SignupModal } from './signup-modal';
import { signupSchema } from '../api/signup-calls';

// The activation poll's schema, and zod before it, are loaded once and then kept: loaded here, so
// that the poll's answers under the fake clock wait for no real time.
await signupSchema('ActivateStatusSchema')();

const image = { id: 3, filename: 'a.jpg', thumb_filename: 'a-thumb.jpg' };

function member(profile: Partial<User['profile']> = {}, extra: Partial<User> = {}): User {
  const base = makeUser();
  return { ...base, ...extra, profile: { ...base.profile, gender: null, ...profile } };
}

function renderAsMember(user: User, settings: Partial<Settings> = {}) {
  return renderWithRoot(<SignupForm />, { web: makeWebContext({ user, settings }) });
}

describe('the sign-up flow for a member who comes back (spec §4)', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('starts at the photo step when this browser offers no push, and shows existing photos', async () => {
    renderAsMember(member({ images: [image] }));
    expect(await screen.findByRole('heading', { name: 'Add a photo' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'One of your photos' }).getAttribute('src')).toBe('/media/a-thumb.jpg');
  });

  it('skips what is already answered', async () => {
    renderAsMember(member({ main_image: image, images: [image], city: 'Utrecht', gender: 'female' }));
    expect(await screen.findByRole('heading', { name: 'Tell others about yourself' })).toBeTruthy();
  });

  it('goes through the remaining steps one at a time, to the confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const saved = member({ main_image: image, images: [image] });
    const api = fakeApi({
      'POST /api/profileimage.php': () => json({ error: { code: 'validation_failed', message: 'Nope' } }, 400),
      'PUT /api/user.php': () => json(saved),
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const completed = vi.fn();
    window.addEventListener(SIGNUP_FLOW_COMPLETE_EVENT, completed);
    window.localStorage.setItem(
      GEOLOCATION_CACHE_KEY,
      JSON.stringify({ at: Date.now(), result: { country: 'NL', countryregion: 5, city: 'Utrecht' } }),
    );
    renderAsMember(member(), { region_data: { NL: [{ id: 5, code: 'NL-UT', name: 'Utrecht' }] } });

    // Step 2: the photo upload fails, which is only logged, and the flow goes on (spec §8).
    await screen.findByRole('heading', { name: 'Add a photo' });
    await user.upload(
      screen.getByLabelText(/Tap to choose a photo/),
      new File(['png'], 'me.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save photo' }));

    // Step 3: prefilled from the cached geolocation.
    const region = await screen.findByRole('combobox', { name: 'Region (optional)' });
    await waitFor(() => expect((region as HTMLSelectElement).value).toBe('5'));
    expect((screen.getByRole('combobox', { name: /Country/ }) as HTMLSelectElement).value).toBe('NL');
    expect((screen.getByRole('textbox', { name: 'Town or city (optional)' }) as HTMLInputElement).value).toBe(
      'Utrecht',
    );
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Where do you live?' }));
    await user.click(screen.getByRole('button', { name: 'Save living area' }));

    // Step 4 and 5 skipped by their own buttons.
    await user.click(await screen.findByRole('button', { name: 'Continue without personal info' }));
    await screen.findByRole('heading', { name: 'Tell others about yourself' });
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Continue without' }));

    // Step 6 passes the profile through; step 7 confirms and fires its event once.
    expect(await screen.findByRole('heading', { name: 'Please confirm your e-mail address' })).toBeTruthy();
    expect(completed).toHaveBeenCalledTimes(1);
    window.removeEventListener(SIGNUP_FLOW_COMPLETE_EVENT, completed);

    expect(warn).toHaveBeenCalledWith('Photo upload failed', expect.anything());
    const puts = api.callsTo('PUT', '/api/user.php').map((call) => call.body);
    expect(puts).toEqual([
      { profile: {}, lastSignupStep: 2 },
      { country: 'NL', countryregion: 5, city: 'Utrecht' },
      { profile: { date_of_birth: null }, lastSignupStep: 4 },
    ]);
    const upload = api.callsTo('POST', '/api/profileimage.php')[0];
    expect(upload?.body).toBeInstanceOf(FormData);
    expect((upload?.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('asks for a country only when the site has more than one', async () => {
    renderAsMember(member({ main_image: image }), { countries: ['NL'], signup: { showDots: true, showCity: false } });
    await screen.findByRole('heading', { name: 'Where do you live?' });
    expect(screen.queryByRole('combobox', { name: /Country/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Town/ })).toBeNull();
    expect((screen.getByRole('button', { name: 'Save living area' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('keeps "save living area" off until a country is chosen', async () => {
    renderAsMember(member({ main_image: image, country: null }), { countries: ['NL', 'BE'] });
    await screen.findByRole('heading', { name: 'Where do you live?' });
    expect((screen.getByRole('button', { name: 'Save living area' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the activation progress screen (spec §2)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('polls every 900 ms, changes its text, and stops once the mail was delivered', async () => {
    vi.useFakeTimers();
    let polls = 0;
    const api = fakeApi({
      'GET /api/activate.php': () => {
        polls += 1;
        return json({ delivered: polls >= 8, active: false });
      },
    });
    const onContinue = vi.fn();
    renderWithRoot(
      <ActivationProgress
        user={makeUser({ email: 'anna@gmail.com', mailprovider: 2 })}
        siteEmail="info@example.test"
        onContinue={onContinue}
      />,
    );
    const tick = async (times: number) => {
      for (let index = 0; index < times; index += 1) await act(() => vi.advanceTimersByTimeAsync(900));
    };

    expect(screen.getByText('We are setting up your account…')).toBeTruthy();
    await tick(4);
    expect(screen.getByText(/sending you an e-mail/)).toBeTruthy();
    await tick(3);
    expect(screen.getByText(/Almost done/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    await tick(1);
    expect(screen.getByText('anna@gmail.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open my inbox' }).getAttribute('href')).toBe(
      'https://mail.google.com/mail/u/0/#search/from%3Ainfo%40example.test',
    );
    await tick(10);
    expect(api.callsTo('GET', '/api/activate.php')).toHaveLength(8);
    screen.getByRole('button', { name: 'Continue' }).click();
    expect(onContinue).toHaveBeenCalled();
  });

  it('asks again at the next tick after a failed poll', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const answers = [json({ error: { code: 'internal', message: 'Internal' } }, 500)];
    const api = fakeApi({
      'GET /api/activate.php': () => answers.shift() ?? json({ delivered: true, active: false }),
    });
    renderWithRoot(<ActivationProgress user={makeUser()} siteEmail="info@example.test" onContinue={() => {}} />);
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2700));
    expect(api.callsTo('GET', '/api/activate.php')).toHaveLength(2);
  });

  it('gives up after 20 polls and links no inbox for other mail providers', async () => {
    vi.useFakeTimers();
    const api = fakeApi({ 'GET /api/activate.php': () => json({ delivered: null, active: false }) });
    renderWithRoot(<ActivationProgress user={makeUser()} siteEmail="info@example.test" onContinue={() => {}} />);
    for (let index = 0; index < 25; index += 1) await act(() => vi.advanceTimersByTimeAsync(900));
    expect(api.callsTo('GET', '/api/activate.php')).toHaveLength(20);
    expect(screen.getByText('anna@example.test')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open my inbox' })).toBeNull();
  });

  it('builds the Gmail search for the site address', () => {
    expect(webmailSearchUrl('info@rendezvous.nl')).toBe(
      'https://mail.google.com/mail/u/0/#search/from%3Ainfo%40rendezvous.nl',
    );
  });
});

describe('step 7 and the modal', () => {
  it('confirms the address and closes the sign-up on the way to the members', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    renderWithRoot(<ConfirmStep user={makeUser({ email: 'kees@ziggo.nl' })} onClose={onClose} />);
    expect(screen.getByText('kees@ziggo.nl')).toBeTruthy();
    expect(screen.getByText(/spam or junk folder/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change my e-mail address' }).getAttribute('href')).toBe('/profile');
    await user.click(screen.getByRole('link', { name: 'Go to the members' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('toggles the sign-up modal open and closed', async () => {
    const user = userEvent.setup({ delay: null });
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Join
          </button>
          <SignupModal open={open} onClose={() => setOpen(false)} />
        </>
      );
    }
    renderWithRoot(<Page />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(screen.getByRole('dialog', { name: 'Sign up for free' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /E-mail address/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
