import type { WebContext } from '@rendezvous/contract';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { createRoutesStub, Outlet, useLocation, type AppLoadContext } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TopNav } from '../../../components/shell/top-nav';
import { Button } from '../../../components/ui/button';
import { LocaleProvider } from '../../../lib/locale';
import { loader as rootLoader } from '../../../root';
import Login, { loader as loginLoader } from '../../../routes/login';
import { fakeApi, json } from '../../../test/fake-api';
import { makeUser, makeWebContext, testI18n } from '../../../test/render';
// Loaded up front, so the hook's on-demand imports resolve without waiting for real time.
import '../api/account-calls';
import '../api/account-schemas';
import { useLogout } from './use-logout';
import { packWebContext } from '../../../lib/web-context';

function LogoutButton() {
  const { t } = useTranslation();
  const { logout, loggingOut } = useLogout();
  return (
    <Button loading={loggingOut} onClick={() => void logout()}>
      {t('nav.logout')}
    </Button>
  );
}

function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

/**
 * A member on /members with the app's own root and login loaders; `server.session` is what
 * the server answers for the session cookie on every navigation and revalidation.
 */
function renderMembersPage(server: { session: boolean }) {
  const serverWeb = (): WebContext => makeWebContext({ user: server.session ? makeUser() : null });
  const context = {
    get web() {
      return serverWeb();
    },
  } as AppLoadContext;
  const web = serverWeb();
  const Stub = createRoutesStub(
    [
      {
        id: 'root',
        loader: rootLoader,
        Component: () => (
          <LocaleProvider initial={web}>
            <TopNav />
            <LogoutButton />
            <Address />
            <Outlet />
          </LocaleProvider>
        ),
        children: [
          { path: '/members', Component: () => null },
          { path: '/login', loader: loginLoader, Component: Login },
        ],
      },
    ],
    context,
  );
  render(
    <I18nextProvider i18n={testI18n}>
      <Stub initialEntries={['/members']} hydrationData={{ loaderData: { root: packWebContext(web) } }} />
    </I18nextProvider>,
  );
}

const logoutButton = () => screen.getByRole('button', { name: 'Log out' });

describe('logging out (spec §4, §8)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('ends the session, opens login logged out, and resets the flag a second later', async () => {
    const server = { session: true };
    let answer: (response: Response) => void = () => undefined;
    fakeApi({
      'GET /api/logout.php': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderMembersPage(server);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

    await user.click(logoutButton());
    expect(logoutButton().getAttribute('aria-busy')).toBe('true');
    server.session = false;
    answer(new Response('done', { headers: { 'content-type': 'text/plain' } }));

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('/login');
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'My profile' })).toBeNull();

    expect(logoutButton().getAttribute('aria-busy')).toBe('true');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(logoutButton().getAttribute('aria-busy')).toBeNull();
  });

  it('still opens login with the member logged out when the call fails and the session lives on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const server = { session: true };
    fakeApi({
      'GET /api/logout.php': () =>
        json({ error: { code: 'internal', message: 'Something went wrong on our side.' } }, 500),
    });
    renderMembersPage(server);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

    await user.click(logoutButton());

    // Without the member's word in the address, /login would send a live session back to /members.
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'E-mail address' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'My profile' })).toBeNull();
    expect(warn).toHaveBeenCalledWith('Logout failed', expect.anything());

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(logoutButton().getAttribute('aria-busy')).toBeNull();
  });
});
