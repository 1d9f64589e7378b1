import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PUSH_PROMPT_SNOOZE_MS, snoozePushPrompt } from '../../../lib/push-prompt';
import { fakeApi, json } from '../../../test/fake-api';
import { PUSH_PUB, PUSH_SUBSCRIPTION, fakePushBrowser, forgetPushBrowser } from '../../../test/fake-push-browser';
import { makeUser, renderWithI18n, testI18n } from '../../../test/render';
import { PushPrompt } from './push-prompt';

const t = testI18n.t;
const prompt = () => screen.findByRole('region', { name: t('push.prompt_title') });
/** The member starts using the page: the prompt waits for that. */
const scrollPage = () => fireEvent.scroll(window);
/** Lets the push detection settle, for a test that expects no prompt. */
const settled = (browser: ReturnType<typeof fakePushBrowser>) =>
  waitFor(() => expect(browser.pushManager.getSubscription).toHaveBeenCalled());

describe('PushPrompt (spec §6, outside the sign-up)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(forgetPushBrowser);

  it('offers notifications to a member whose browser can take them, and turns them on', async () => {
    const browser = fakePushBrowser({ permission: 'default', subscribed: false });
    const api = fakeApi({ 'POST /api/user.php': () => json(makeUser()) });
    renderWithI18n(<PushPrompt publicKey={PUSH_PUB} />);
    scrollPage();

    const region = await prompt();
    expect(within(region).getByText(t('push.prompt_text'))).toBeTruthy();
    await userEvent.click(within(region).getByRole('button', { name: t('push.turn_on') }));

    expect(await within(region).findByText(t('push.prompt_done'))).toBeTruthy();
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(api.calls).toEqual([{ method: 'POST', url: '/api/user.php?push=1', body: PUSH_SUBSCRIPTION }]);
    expect(within(region).queryByRole('button', { name: t('push.turn_on') })).toBeNull();
  });

  it('is keyboard reachable, and "not now" hides it for 30 days', async () => {
    fakePushBrowser({ permission: 'default', subscribed: false });
    const user = userEvent.setup({ delay: null });
    const { unmount } = renderWithI18n(<PushPrompt publicKey={PUSH_PUB} />);
    scrollPage();
    const region = await prompt();

    await user.tab();
    expect(document.activeElement).toBe(within(region).getByRole('button', { name: t('push.turn_on') }));
    await user.tab();
    expect(document.activeElement).toBe(within(region).getByRole('button', { name: t('push.prompt_dismiss') }));
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('region', { name: t('push.prompt_title') })).toBeNull();
    unmount();

    // The next visit within the 30 days does not ask again.
    const browser = fakePushBrowser({ permission: 'default', subscribed: false });
    renderWithI18n(<PushPrompt publicKey={PUSH_PUB} />);
    scrollPage();
    // Detection would have asked for the registration by now; a snoozed prompt does not even look.
    expect(browser.serviceWorker.getRegistration).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: t('push.prompt_title') })).toBeNull();
  });

  it('waits until the member starts using the page: a key, a tap or a scroll', async () => {
    const browser = fakePushBrowser({ permission: 'default', subscribed: false });
    renderWithI18n(<PushPrompt publicKey={PUSH_PUB} />);
    await settled(browser);
    expect(screen.queryByRole('region', { name: t('push.prompt_title') })).toBeNull();

    fireEvent.keyDown(window, { key: 'Tab' });
    expect(await prompt()).toBeTruthy();
  });

  it('asks again once the 30 days have passed', async () => {
    fakePushBrowser({ permission: 'default', subscribed: false });
    snoozePushPrompt(Date.now() - PUSH_PROMPT_SNOOZE_MS - 1);
    renderWithI18n(<PushPrompt publicKey={PUSH_PUB} />);
    scrollPage();
    expect(await prompt()).toBeTruthy();
  });

  it('stays away when the browser is already subscribed, refuses push, or the site has no push key', async () => {
    for (const state of [
      { permission: 'granted', subscribed: true },
      { permission: 'denied', subscribed: false },
    ] as const) {
      const browser = fakePushBrowser(state);
      const { unmount } = renderWithI18n(<PushPrompt publicKey={PUSH_PUB} />);
      scrollPage();
      if (state.permission !== 'denied') await settled(browser);
      expect(screen.queryByRole('region', { name: t('push.prompt_title') })).toBeNull();
      unmount();
    }

    const browser = fakePushBrowser({ permission: 'default', subscribed: false });
    renderWithI18n(<PushPrompt publicKey={null} />);
    expect(browser.serviceWorker.getRegistration).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: t('push.prompt_title') })).toBeNull();
  });

  it('goes away when the person refuses the browser permission', async () => {
    fakePushBrowser({ permission: 'default', subscribed: false, answer: 'denied' });
    const api = fakeApi({});
    renderWithI18n(<PushPrompt publicKey={PUSH_PUB} />);
    scrollPage();
    await userEvent.click(within(await prompt()).getByRole('button', { name: t('push.turn_on') }));
    await waitFor(() => expect(screen.queryByRole('region', { name: t('push.prompt_title') })).toBeNull());
    expect(api.calls).toEqual([]);
  });
});
