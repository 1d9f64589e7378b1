import type { LikesResponse, ProfileCard } from '@rendezvous/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, Outlet } from 'react-router';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocaleProvider } from '../lib/locale';
import { QueryProvider } from '../lib/query-provider';
import { fakeApi, json } from '../test/fake-api';
import { makeUser, makeWebContext, testI18n } from '../test/render';
import Likes from './likes';
import { packWebContext } from '../lib/web-context';

const t = testI18n.t;

function card(id: number, name: string, liked: boolean): ProfileCard {
  return {
    id,
    name,
    age: 60,
    city: 'Haarlem',
    country: 'NL',
    countryregion: null,
    language: 'en',
    fictional: false,
    main_image: null,
    images: [],
    likes: { did_like_profile: liked },
  };
}

const LIKES: LikesResponse = {
  profiles: [card(2, 'Greta', true), card(3, 'Hanna', true)],
  liked_by: [
    { id: 4, like_new: true, created_at: '2026-11-20T10:00:00Z', profile: card(4, 'Ingrid', false) },
    { id: 2, like_new: false, created_at: '2026-11-19T10:00:00Z', profile: card(2, 'Greta', true) },
  ],
};

function renderLikes(path: string) {
  const web = makeWebContext({ user: makeUser() });
  const rootLoads = { count: 0 };
  const Stub = createRoutesStub([
    {
      id: 'root',
      loader: () => {
        rootLoads.count += 1;
        return packWebContext(web);
      },
      Component: () => (
        <LocaleProvider initial={web}>
          <QueryProvider memberId={web.user?.profile.id ?? null}>
            <Outlet />
          </QueryProvider>
        </LocaleProvider>
      ),
      children: [
        { path: '/likes', Component: Likes },
        { path: '/likes/:type', Component: Likes },
        { path: '/likes/m/:memberId', Component: () => <p>profile page</p> },
      ],
    },
  ]);
  render(
    <I18nextProvider i18n={testI18n}>
      <Stub initialEntries={[path]} hydrationData={{ loaderData: { root: packWebContext(web) } }} />
    </I18nextProvider>,
  );
  return rootLoads;
}

const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the likes screen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens on the received likes, new ones marked, each linked under /likes/m/', async () => {
    fakeApi({ 'GET /api/likes.php': () => json(LIKES) });
    const rootLoads = renderLikes('/likes');
    const list = await screen.findByRole('list', { name: t('likes.tab_received') });
    // The page data came with the page: only a lost session loads it again.
    expect(rootLoads.count).toBe(0);
    expect(names(list)).toEqual(['Ingrid, 60', 'Greta, 60']);
    const ingrid = within(list).getByRole('link', { name: 'Ingrid, 60' });
    expect(ingrid.getAttribute('href')).toBe('/likes/m/4');
    expect(within(ingrid.closest('li')!).getByText(t('likes.new'))).toBeTruthy();
    expect(
      within(within(list).getByRole('link', { name: 'Greta, 60' }).closest('li')!).queryByText(t('likes.new')),
    ).toBeNull();
    // Each card keeps its heart: Greta was liked back, Ingrid not yet.
    expect(screen.getByRole('button', { name: t('likes.like', { name: 'Ingrid' }) }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    const tabs = screen.getByRole('navigation', { name: t('likes.tabs_label') });
    expect(within(tabs).getByRole('link', { current: 'page' }).textContent).toContain(t('likes.tab_received'));
  });

  it('switches tabs by link: sent, and mutual as the received likes returned', async () => {
    fakeApi({ 'GET /api/likes.php': () => json(LIKES) });
    renderLikes('/likes/received');
    await screen.findByRole('list', { name: t('likes.tab_received') });

    await userEvent.click(screen.getByRole('link', { name: t('likes.tab_sent') }));
    expect(names(await screen.findByRole('list', { name: t('likes.tab_sent') }))).toEqual(['Greta, 60', 'Hanna, 60']);

    await userEvent.click(screen.getByRole('link', { name: t('likes.tab_mutual') }));
    expect(names(await screen.findByRole('list', { name: t('likes.tab_mutual') }))).toEqual(['Greta, 60']);
  });

  it('says so when a tab is empty, and offers the search', async () => {
    fakeApi({ 'GET /api/likes.php': () => json({ profiles: [], liked_by: [] }) });
    renderLikes('/likes/mutual');
    expect(await screen.findByText(t('likes.empty_mutual'))).toBeTruthy();
    expect(screen.getByRole('link', { name: t('likes.find_members') }).getAttribute('href')).toBe('/members');
  });

  it('offers to try again when the likes cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let fail = true;
    fakeApi({
      'GET /api/likes.php': () => (fail ? json({ error: { code: 'internal', message: 'Down' } }, 500) : json(LIKES)),
    });
    renderLikes('/likes');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(t('likes.failed'));
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: t('likes.retry') }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(await screen.findByRole('list', { name: t('likes.tab_received') })).toBeTruthy();
  });

  it('loads the page data again on a 403 rather than showing an error: the session is gone', async () => {
    const api = fakeApi({
      'GET /api/likes.php': () => json({ error: { code: 'not_logged_in', message: 'Log in' } }, 403),
    });
    const rootLoads = renderLikes('/likes');
    await waitFor(() => expect(rootLoads.count).toBeGreaterThan(0));
    expect(api.callsTo('GET', '/api/likes.php').length).toBeGreaterThan(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
