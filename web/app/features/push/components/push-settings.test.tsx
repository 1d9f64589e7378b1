import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { PUSH_PUB, PUSH_SUBSCRIPTION, fakePushBrowser, forgetPushBrowser } from '../../../test/fake-push-browser';
import { makeUser, renderWithI18n, testI18n } from '../../../test/render';
import { PushSettings } from './push-settings';

const t = testI18n.t;
const subscription = PUSH_SUBSCRIPTION;

const status = () => screen.findByRole('status');

describe('PushSettings', () => {
  afterEach(forgetPushBrowser);

  it('says so when the browser cannot take push', async () => {
    renderWithI18n(<PushSettings publicKey={PUSH_PUB} />);
    expect((await status()).textContent).toBe(t('push.state_unsupported'));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('is unsupported when the site has no push key', async () => {
    fakePushBrowser({ permission: 'default', subscribed: false });
    renderWithI18n(<PushSettings publicKey={null} />);
    expect((await status()).textContent).toBe(t('push.state_unsupported'));
  });

  it('says notifications are blocked when the browser denies them', async () => {
    fakePushBrowser({ permission: 'denied', subscribed: false });
    renderWithI18n(<PushSettings publicKey={PUSH_PUB} />);
    expect((await status()).textContent).toBe(t('push.state_denied'));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('turns notifications on and stores the subscription', async () => {
    const browser = fakePushBrowser({ permission: 'default', subscribed: false });
    const api = fakeApi({ 'POST /api/user.php': () => json(makeUser()) });
    renderWithI18n(<PushSettings publicKey={PUSH_PUB} />);
    expect((await status()).textContent).toBe(t('push.state_off'));

    await userEvent.click(screen.getByRole('button', { name: t('push.turn_on') }));
    await waitFor(async () => expect((await status()).textContent).toBe(t('push.state_on')));
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(api.calls).toEqual([{ method: 'POST', url: '/api/user.php?push=1', body: subscription }]);
  });

  it('shows denied when the person refuses the permission', async () => {
    fakePushBrowser({ permission: 'default', subscribed: false, answer: 'denied' });
    const api = fakeApi({});
    renderWithI18n(<PushSettings publicKey={PUSH_PUB} />);
    await userEvent.click(await screen.findByRole('button', { name: t('push.turn_on') }));
    await waitFor(async () => expect((await status()).textContent).toBe(t('push.state_denied')));
    expect(api.calls).toEqual([]);
  });

  it('turns notifications off in the browser and on the server', async () => {
    const browser = fakePushBrowser({ permission: 'granted', subscribed: true });
    const api = fakeApi({ 'DELETE /api/user.php': () => json(makeUser()) });
    renderWithI18n(<PushSettings publicKey={PUSH_PUB} />);
    expect((await status()).textContent).toBe(t('push.state_on'));

    await userEvent.click(screen.getByRole('button', { name: t('push.turn_off') }));
    await waitFor(async () => expect((await status()).textContent).toBe(t('push.state_off')));
    expect(browser.browserSubscription.unsubscribe).toHaveBeenCalled();
    expect(api.calls).toEqual([
      { method: 'DELETE', url: '/api/user.php?push=1', body: { endpoint: subscription.endpoint } },
    ]);
  });

  it('registers the push worker when the page has none', async () => {
    const browser = fakePushBrowser({ permission: 'default', subscribed: false });
    browser.serviceWorker.getRegistration.mockResolvedValueOnce(undefined as never);
    renderWithI18n(<PushSettings publicKey={PUSH_PUB} />);
    expect((await status()).textContent).toBe(t('push.state_off'));
    expect(browser.serviceWorker.register).toHaveBeenCalledWith('/sw.js?v=2', { scope: '/' });
  });
});
