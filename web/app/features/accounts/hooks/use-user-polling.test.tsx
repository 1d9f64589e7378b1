import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub, Outlet } from 'react-router';
import { TopNav } from '../../../components/shell/top-nav';
import { LocaleProvider } from '../../../lib/locale';
import { QueryProvider } from '../../../lib/query-provider';
import { fakeApi, json } from '../../../test/fake-api';
import { makeUser, makeWebContext, testI18n } from '../../../test/render';
// Loaded up front, so the hook's on-demand imports resolve without waiting for real time.
import '../api/account-calls';
import { useUserPolling } from './use-user-polling';

import { MINUTE_MS } from '../../../lib/constants';
import { loadUserSchema } from '../../../lib/user-calls';
import { packWebContext } from '../../../lib/web-context';

// Likewise the answer's schema, through the app's loader, which keeps it (and zod) once loaded.
await loadUserSchema();

const web = makeWebContext({ user: makeUser() });

/** The app's root with the polling on: the header shows whether the page thinks we are logged in. */
function Root() {
  useUserPolling();
  return (
    <LocaleProvider initial={web}>
      <TopNav />
      <Outlet />
    </LocaleProvider>
  );
}

/** Renders, then lets the mount's own promises (the push subscription check) settle at time 0. */
async function renderLoggedIn(server: { loggedIn: boolean }) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      // What a revalidation gets from the server: no user once the session is gone.
      loader: () => packWebContext(makeWebContext({ user: server.loggedIn ? makeUser() : null })),
      Component: () => (
        <QueryProvider memberId={web.user?.profile.id ?? null}>
          <Root />
        </QueryProvider>
      ),
      children: [{ path: '*', Component: () => null }],
    },
  ]);
  render(
    <I18nextProvider i18n={testI18n}>
      <Stub hydrationData={{ loaderData: { root: packWebContext(web) } }} />
    </I18nextProvider>,
  );
  await act(async () => {
    for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
  });
}

/** A browser with a service worker that holds (or not) a push subscription. */
function pushBrowser(subscribed: boolean) {
  vi.stubGlobal('PushManager', class {});
  const pushManager = { getSubscription: async () => (subscribed ? { endpoint: 'https://push.example/1' } : null) };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({ pushManager }) },
  });
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('polling the user (spec §4, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('asks for the user every 60 seconds without push', async () => {
    const api = fakeApi({ 'GET /api/user.php': () => json(makeUser()) });
    await renderLoggedIn({ loggedIn: true });

    await wait(MINUTE_MS - 1);
    expect(api.callsTo('GET', '/api/user.php')).toHaveLength(0);
    await wait(1);
    expect(api.callsTo('GET', '/api/user.php')).toHaveLength(1);
    await wait(2 * MINUTE_MS);
    expect(api.callsTo('GET', '/api/user.php')).toHaveLength(3);
  });

  it('also every 60 seconds when the browser could push but has no subscription', async () => {
    pushBrowser(false);
    const api = fakeApi({ 'GET /api/user.php': () => json(makeUser()) });
    await renderLoggedIn({ loggedIn: true });

    await wait(MINUTE_MS);
    expect(api.callsTo('GET', '/api/user.php')).toHaveLength(1);
  });

  it('asks only every 300 seconds when this browser has a push subscription', async () => {
    pushBrowser(true);
    const api = fakeApi({ 'GET /api/user.php': () => json(makeUser()) });
    await renderLoggedIn({ loggedIn: true });

    await wait(5 * MINUTE_MS - 1);
    expect(api.callsTo('GET', '/api/user.php')).toHaveLength(0);
    await wait(1);
    expect(api.callsTo('GET', '/api/user.php')).toHaveLength(1);
    await wait(5 * MINUTE_MS);
    expect(api.callsTo('GET', '/api/user.php')).toHaveLength(2);
  });

  it('shows the visitor as logged out after a 403, and stops asking', async () => {
    const server = { loggedIn: true };
    const api = fakeApi({
      'GET /api/user.php': () => json({ error: { code: 'not_logged_in', message: 'You need to log in first.' } }, 403),
    });
    await renderLoggedIn(server);
    expect(screen.getByRole('link', { name: 'My profile' })).toBeTruthy();

    // The session ended elsewhere (another device logged out, the password was reset).
    server.loggedIn = false;
    await wait(MINUTE_MS);
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'My profile' })).toBeNull();

    await wait(5 * MINUTE_MS);
    expect(api.callsTo('GET', '/api/user.php')).toHaveLength(1);
  });
});
