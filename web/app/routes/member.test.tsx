import type { MemberDetail, User, WebContext } from '@rendezvous/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub, Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../components/ui/toast';
import { LocaleProvider } from '../lib/locale';
import { QueryProvider } from '../lib/query-provider';
import { fakeApi, json, type FakeCall } from '../test/fake-api';
import { makeUser, makeWebContext, testI18n } from '../test/render';
import Member from './member';
import { packWebContext } from '../lib/web-context';

const t = testI18n.t;

const GRETA: MemberDetail = {
  id: 12,
  name: 'Greta',
  age: 61,
  // No gender or country: the page then runs no similar search, which is not what these tests are about.
  gender: null,
  city: 'Haarlem',
  country: null,
  countryregion: null,
  language: 'nl',
  fictional: false,
  main_image: null,
  images: [],
  fields: [],
  notes: [],
  likes: { did_like_profile: false },
};

/**
 * Greta's page under a root whose loader answers with `server.user`, as the real root does
 * after each call that logs someone in.
 */
function renderMemberPage(server: { user: User | null }) {
  const webNow = (): WebContext => makeWebContext({ user: server.user });
  const web = webNow();
  const page = { member: GRETA, cameFromSearch: false };
  const Stub = createRoutesStub([
    {
      id: 'root',
      loader: () => packWebContext(webNow()),
      Component: () => (
        <LocaleProvider initial={web}>
          <QueryProvider memberId={web.user?.profile.id ?? null}>
            <ToastProvider>
              <Outlet />
            </ToastProvider>
          </QueryProvider>
        </LocaleProvider>
      ),
      children: [{ id: 'member', path: '/members/:memberId', loader: () => page, Component: Member }],
    },
  ]);
  return render(
    <I18nextProvider i18n={testI18n}>
      <Stub
        initialEntries={[`/members/${GRETA.id}`]}
        hydrationData={{ loaderData: { root: packWebContext(web), member: page } }}
      />
    </I18nextProvider>,
  );
}

const signupCall = () => screen.getByRole('button', { name: t('member_page.chat_signup', { name: 'Greta' }) });
const referringTitle = () => t('signup.title_with_profile', { name: 'Greta' });

describe('the contact call to action on a member page', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('opens the sign-up for a visitor, titled with the profile, and closes it again', async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({});
    renderMemberPage({ user: null });

    await user.click(signupCall());
    // The form loads when asked for, so the dialog shows once it is in.
    const dialog = await screen.findByRole('dialog', { name: referringTitle() });
    expect(within(dialog).getByRole('textbox', { name: new RegExp(t('signup.email')) })).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(signupCall());
    await user.click(
      within(screen.getByRole('dialog', { name: referringTitle() })).getByRole('button', { name: t('ui.modal.close') }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the new member in the sign-up once the account exists, and offers the chat behind it', async () => {
    const user = userEvent.setup({ delay: null });
    const server: { user: User | null } = { user: null };
    const api = fakeApi({
      'GET /api/validate_email.php': ({ url }: FakeCall) => {
        const email = new URL(url, 'http://localhost').searchParams.get('email') ?? '';
        return json({ token: 'checked', status: 'new', email, request_email: email });
      },
      'POST /api/user.php': () => {
        server.user = makeUser({ email: 'kees@ziggo.nl', email_confirmed: false });
        return json(server.user);
      },
      'GET /api/activate.php': () => json({ delivered: false, active: false }),
      // Once the account exists the page is a member's visit (who viewed me).
      'POST /api/profile_view.php': () => json({ recorded: false }),
    });
    renderMemberPage(server);

    await user.click(signupCall());
    const dialog = await screen.findByRole('dialog', { name: referringTitle() });
    await user.type(within(dialog).getByRole('textbox', { name: new RegExp(t('signup.email')) }), 'kees@ziggo.nl');
    await user.type(within(dialog).getByRole('textbox', { name: new RegExp(t('signup.name')) }), 'Kees');
    await user.type(within(dialog).getByLabelText(new RegExp(`^${t('signup.password')}`)), 'walks-by-the-sea');
    await user.click(within(dialog).getByRole('button', { name: t('signup.submit') }));

    // The page now knows a member: the call to action leads to the chat, and the sign-up goes on.
    await waitFor(() =>
      expect(screen.getByRole('link', { name: t('member_page.chat', { name: 'Greta' }) }).getAttribute('href')).toBe(
        '/members/12/chat',
      ),
    );
    // The steps after the account load on demand, so the activation screen comes a moment later.
    expect(await within(dialog).findByRole('heading', { name: t('signup.activation_title') })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: referringTitle() })).toBe(dialog);
    expect(api.callsTo('POST', '/api/user.php?new=1')[0]?.body).toMatchObject({ email: 'kees@ziggo.nl', name: 'Kees' });
  });

  it('links a member straight to the chat, without the sign-up, and reports the visit once', async () => {
    const api = fakeApi({ 'POST /api/profile_view.php': () => json({ recorded: true }) });
    renderMemberPage({ user: makeUser() });
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/profile_view.php').map((call) => call.body)).toEqual([{ profile: 12 }]),
    );
    expect(screen.getByRole('link', { name: t('member_page.chat', { name: 'Greta' }) }).getAttribute('href')).toBe(
      '/members/12/chat',
    );
    expect(screen.queryByRole('button', { name: t('member_page.chat_signup', { name: 'Greta' }) })).toBeNull();
  });
});
