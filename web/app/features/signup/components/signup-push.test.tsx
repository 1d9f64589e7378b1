import type { User } from '@rendezvous/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { PUSH_PUB, PUSH_SUBSCRIPTION, fakePushBrowser, forgetPushBrowser } from '../../../test/fake-push-browser';
import { makeUser, makeWebContext, renderWithRoot } from '../../../test/render';
import { SignupForm } from './signup-form';

const subscription = PUSH_SUBSCRIPTION;

async function signUp() {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByRole('textbox', { name: /E-mail address/ }), 'anna@ziggo.nl');
  await user.type(screen.getByLabelText(/^Password/), 'walks-by-the-sea');
  await user.click(screen.getByRole('button', { name: 'Create my free account' }));
  // Spec §2: the activation screen comes first; the mail is delivered at the first poll here.
  await user.click(await screen.findByRole('button', { name: 'Continue' }, { timeout: 3000 }));
  return user;
}

/** A member who left the sign-up early: nothing answered but what the arguments say. */
function returning(profile: Partial<User['profile']>): User {
  const base = makeUser();
  return { ...base, profile: { ...base.profile, gender: null, ...profile } };
}

function api() {
  return fakeApi({
    'GET /api/validate_email.php': () =>
      json({ token: 't', status: 'new', email: 'anna@ziggo.nl', request_email: 'anna@ziggo.nl' }),
    'POST /api/user.php': () => json(makeUser({ email: 'anna@ziggo.nl' })),
    'GET /api/activate.php': () => json({ delivered: true, active: false }),
  });
}

describe('after the account exists (spec §4 push branches)', () => {
  afterEach(forgetPushBrowser);

  it('jumps to the photo step when push is not supported', async () => {
    api();
    renderWithRoot(<SignupForm />);
    await signUp();
    expect(await screen.findByRole('heading', { name: 'Add a photo' })).toBeTruthy();
  });

  it('offers notifications when push is supported and not answered, and subscribes', async () => {
    const calls = api();
    const { pushManager } = fakePushBrowser({ permission: 'default', subscribed: false });
    renderWithRoot(<SignupForm />, { web: makeWebContext({ settings: { push_pub: PUSH_PUB } }) });
    const user = await signUp();

    await user.click(await screen.findByRole('button', { name: 'Yes, notify me' }));
    expect(await screen.findByRole('heading', { name: 'Add a photo' })).toBeTruthy();
    expect(pushManager.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(calls.callsTo('POST', '/api/user.php?push=1')[0]?.body).toEqual(subscription);
  });

  it('registers a subscription the browser already has and jumps two steps ahead', async () => {
    const calls = api();
    fakePushBrowser({ permission: 'granted', subscribed: true });
    renderWithRoot(<SignupForm />, { web: makeWebContext({ settings: { push_pub: PUSH_PUB } }) });
    await signUp();
    expect(await screen.findByRole('heading', { name: 'Add a photo' })).toBeTruthy();
    await waitFor(() => expect(calls.callsTo('POST', '/api/user.php?push=1')).toHaveLength(1));
  });

  it('respects notifications the browser refuses', async () => {
    api();
    fakePushBrowser({ permission: 'denied', subscribed: false });
    renderWithRoot(<SignupForm />, { web: makeWebContext({ settings: { push_pub: PUSH_PUB } }) });
    await signUp();
    expect(await screen.findByRole('heading', { name: 'Add a photo' })).toBeTruthy();
  });

  it('does not ask a returning member the push question of a sign-up just made (issue 21)', async () => {
    fakePushBrowser({ permission: 'default', subscribed: false });
    renderWithRoot(<SignupForm />, {
      web: makeWebContext({ user: returning({}), settings: { push_pub: PUSH_PUB } }),
    });
    expect(await screen.findByRole('heading', { name: 'Add a photo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Not now' })).toBeNull();
  });

  it('does not offer push again to a returning member who already has a photo and a region', async () => {
    fakePushBrowser({ permission: 'default', subscribed: false });
    const image = { id: 3, filename: 'a.jpg', thumb_filename: 'a-thumb.jpg' };
    renderWithRoot(<SignupForm />, {
      web: makeWebContext({
        user: returning({ main_image: image, images: [image], countryregion: 5 }),
        settings: { push_pub: PUSH_PUB },
      }),
    });
    // Spec §4: a main image starts at 3 whatever push says, and a region skips on to 4.
    expect(await screen.findByRole('heading', { name: 'A little about you' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Not now' })).toBeNull();
  });
});
