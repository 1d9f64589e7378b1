import {
  WEBCAM_ADS_AFTER_SIGNUP_MS,
  type ProfileCard,
  type SearchFilterOptions,
  type SearchResponse,
  type ServerApi,
  type WebContext,
} from '@rendezvous/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub, Outlet, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocaleProvider } from '../lib/locale';
import { QueryProvider } from '../lib/query-provider';
import { fakeApi, json, type FakeCall } from '../test/fake-api';
import { PUSH_PUB, fakePushBrowser, forgetPushBrowser } from '../test/fake-push-browser';
import { makeUser, makeWebContext, testI18n } from '../test/render';
import Members, { loader } from './members';
import { packWebContext } from '../lib/web-context';

const t = testI18n.t;

function card(id: number, name: string, age: number): ProfileCard {
  return {
    id,
    name,
    age,
    city: 'Haarlem',
    country: 'NL',
    countryregion: null,
    language: 'en',
    fictional: false,
    main_image: null,
    images: [],
    likes: { did_like_profile: false },
  };
}

/** A saved search no member matches: the youngest bucket on a site for mature adults. */
const SAVED: SearchFilterOptions = { gender: 'female', min_age: 18, max_age: 25, country: 'NL', countryregion: 3 };
const DEFAULTS: SearchFilterOptions = { gender: 'female', min_age: 18, max_age: 100, country: 'NL', countryregion: 0 };

const answer = (filters: SearchFilterOptions, profiles: ProfileCard[]): SearchResponse => ({
  profiles,
  filter_options: filters,
  paging: { num_results: profiles.length, page: 1, per_page: 12 },
});

/** The search server: nobody for the saved search, a few for the similar one, everyone for no filters. */
function searchServer(call: FakeCall) {
  const query = new URL(call.url, 'http://localhost').searchParams;
  if (query.get('auto_load') === '1') return json(answer(SAVED, []));
  if (query.get('do_not_save') === '1') return json(answer({ ...SAVED, countryregion: 0 }, [card(2, 'Greta', 29)]));
  if (!query.has('gender') && !query.has('min_age')) return json(answer(DEFAULTS, [card(3, 'Hanna', 61)]));
  return json(answer(SAVED, []));
}

/** Where a card leads: only the way back matters here. */
function ProfileStandIn() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
}

function renderMembers(web: WebContext, firstSearch: SearchResponse | null = null) {
  const loaderData = { trafficsource: undefined, firstSearch, webcamAds: false, partnerAds: false };
  const Stub = createRoutesStub([
    {
      id: 'root',
      loader: () => packWebContext(web),
      Component: () => (
        <LocaleProvider initial={web}>
          <QueryProvider memberId={web.user?.profile.id ?? null}>
            <Outlet />
          </QueryProvider>
        </LocaleProvider>
      ),
      children: [
        {
          id: 'members',
          path: '/members',
          loader: () => loaderData,
          Component: Members,
        },
        { path: '/members/:memberId', Component: ProfileStandIn },
      ],
    },
  ]);
  render(
    <I18nextProvider i18n={testI18n}>
      <Stub
        initialEntries={['/members']}
        hydrationData={{ loaderData: { root: packWebContext(web), members: loaderData } }}
      />
    </I18nextProvider>,
  );
}

/** The members route's loader as the server runs it, with the API answering the first search. */
async function runLoader(web: WebContext, firstAnswer: SearchResponse, url = 'http://localhost/members') {
  const asked: string[] = [];
  const api: ServerApi = {
    get: async (path) => {
      asked.push(path);
      return { status: 200, body: firstAnswer };
    },
  };
  const data = await loader({ context: { web, api }, request: new Request(url), params: {} } as Parameters<
    typeof loader
  >[0]);
  return { data, asked };
}

describe('the member list loader', () => {
  const longAgo = new Date(Date.now() - 2 * WEBCAM_ADS_AFTER_SIGNUP_MS).toISOString();
  const adsMember = makeUser({ paid_user: false, signup_date: longAgo });
  const reselling = { member_resell: ['cams' as const] };

  it('asks the first search on the server, for the page in the address, so its cards come with the page', async () => {
    const first = answer(DEFAULTS, [card(3, 'Hanna', 61)]);
    const { data, asked } = await runLoader(
      makeWebContext({ user: adsMember }),
      first,
      'http://localhost/members?page=2',
    );
    expect(asked).toEqual(['/api/search.php?auto_load=1&source=members&pp=2']);
    expect(data.firstSearch).toEqual(first);
  });

  it('shows webcam ads only where the server has a webcam feed to fill them', async () => {
    const withFeed = makeWebContext({ user: adsMember, settings: { ...reselling, cams_feed: true } });
    expect((await runLoader(withFeed, answer(DEFAULTS, []))).data.webcamAds).toBe(true);
    const withoutFeed = makeWebContext({ user: adsMember, settings: { ...reselling, cams_feed: false } });
    expect((await runLoader(withoutFeed, answer(DEFAULTS, []))).data.webcamAds).toBe(false);
  });
});

describe('the member list', () => {
  afterEach(forgetPushBrowser);

  it('shows the first search the server sent with the page without asking for it again (issue 17)', async () => {
    const api = fakeApi({ 'GET /api/search.php': () => json(answer(SAVED, [])) });
    renderMembers(makeWebContext({ user: makeUser() }), answer(DEFAULTS, [card(3, 'Hanna', 61)]));
    const results = screen.getByRole('list', { name: t('search.results_label') });
    expect(within(results).getByRole('link', { name: 'Hanna, 61' })).toBeTruthy();
    // Headings go down one level at a time: the page, the results, each card's name.
    const section = screen.getByRole('region', { name: t('search.results_label') });
    expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe(t('search.results_label'));
    expect(within(results).getByRole('heading', { level: 3, name: /Hanna/ })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(t('search.count', { count: 1 }));
    // The similar search a short list brings is the only one the browser asks.
    await waitFor(() => expect(api.callsTo('GET', '/api/search.php?manual_search=1&do_not_save=1')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/search.php')).toHaveLength(1);
  });

  it('offers push notifications to a member who has not answered them, never to a visitor (spec §6)', async () => {
    localStorage.clear();
    fakeApi({ 'GET /api/search.php': () => json(answer(DEFAULTS, [card(3, 'Hanna', 61)])) });
    const browser = fakePushBrowser({ permission: 'default', subscribed: false });
    renderMembers(makeWebContext({ user: makeUser(), settings: { push_pub: PUSH_PUB } }));
    // It waits for the member to start using the page.
    fireEvent.scroll(window);
    expect(await screen.findByRole('region', { name: t('push.prompt_title') })).toBeTruthy();
    cleanup();

    browser.serviceWorker.getRegistration.mockClear();
    renderMembers(makeWebContext({ user: null, settings: { push_pub: PUSH_PUB, logged_out_search: true } }));
    await screen.findByRole('link', { name: 'Hanna, 61' });
    fireEvent.scroll(window);
    expect(screen.queryByRole('region', { name: t('push.prompt_title') })).toBeNull();
    // A visitor's browser is not even asked, so it gets no push worker either.
    expect(browser.serviceWorker.getRegistration).not.toHaveBeenCalled();
  });

  it('turns a saved search that finds nobody into similar members and a way back to everyone', async () => {
    const api = fakeApi({ 'GET /api/search.php': searchServer });
    renderMembers(makeWebContext({ user: makeUser() }));

    const notice = await screen.findByRole('region', { name: t('search.empty_title') });
    expect(await within(notice).findByText(t('search.empty_similar'))).toBeTruthy();
    // Spec §7 similar search: not saved, every region, ages widened five years each way.
    const similar = screen.getByRole('list', { name: t('search.similar_title') });
    expect(within(similar).getByRole('link', { name: 'Greta, 29' })).toBeTruthy();
    const similarCall = new URL(
      api.callsTo('GET', '/api/search.php?manual_search=1&do_not_save=1')[0]!.url,
      'http://x',
    );
    expect(Object.fromEntries(similarCall.searchParams)).toMatchObject({
      countryregion: '0',
      min_age: '18',
      max_age: '30',
    });

    await userEvent.click(within(notice).getByRole('button', { name: t('search.show_all') }));

    // Back to the defaults: a manual search that names no filter, which the server fills and saves.
    const results = screen.getByRole('list', { name: t('search.results_label') });
    expect(await within(results).findByRole('link', { name: 'Hanna, 61' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: t('search.empty_title') })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(t('search.count', { count: 1 }));
    const searches = api.callsTo('GET', '/api/search.php').map((call) => new URL(call.url, 'http://x').search);
    expect(searches.filter((query) => !query.includes('do_not_save'))).toEqual([
      expect.stringContaining('auto_load=1'),
      '?manual_search=1&page=1',
    ]);
    expect((screen.getByRole('combobox', { name: t('search.age') }) as HTMLSelectElement).value).toBe('all');
  });

  it('says plainly when even the similar search finds nobody, and still offers everyone', async () => {
    fakeApi({
      'GET /api/search.php': (call) =>
        new URL(call.url, 'http://x').searchParams.get('do_not_save') === '1'
          ? json(answer(SAVED, []))
          : searchServer(call),
    });
    renderMembers(makeWebContext({ user: makeUser() }));
    const notice = await screen.findByRole('region', { name: t('search.empty_title') });
    expect(within(notice).getByText(t('search.empty'))).toBeTruthy();
    expect(within(notice).getByRole('button', { name: t('search.show_all') })).toBeTruthy();
  });

  it('shows the same list on coming back from a profile, without searching again', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({ 'GET /api/search.php': () => json(answer(DEFAULTS, [card(3, 'Hanna', 61)])) });
    renderMembers(makeWebContext({ user: makeUser() }));

    await user.click(await screen.findByRole('link', { name: 'Hanna, 61' }));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('link', { name: 'Hanna, 61' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(t('search.count', { count: 1 }));
    // The similar search for a short list aside, the only search is the first load.
    expect(api.callsTo('GET', '/api/search.php').filter((call) => !call.url.includes('do_not_save'))).toHaveLength(1);
  });

  it('offers to try again when the members could not be loaded', async () => {
    const user = userEvent.setup({ delay: null });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const answers = [json({ error: { code: 'internal', message: 'Internal' } }, 500)];
    fakeApi({ 'GET /api/search.php': () => answers.shift() ?? json(answer(DEFAULTS, [card(3, 'Hanna', 61)])) });
    renderMembers(makeWebContext({ user: makeUser() }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(t('search.failed'));
    await user.click(within(alert).getByRole('button', { name: t('search.retry') }));
    expect(await screen.findByRole('link', { name: 'Hanna, 61' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('searches again on a change back to filters searched before, so the server saves them', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      'GET /api/search.php': (call) => {
        const query = new URL(call.url, 'http://x').searchParams;
        const asked = query.has('min_age')
          ? { ...DEFAULTS, min_age: Number(query.get('min_age')), max_age: Number(query.get('max_age')) }
          : DEFAULTS;
        return json(answer(asked, [card(asked.min_age, `From ${asked.min_age}`, 61)]));
      },
    });
    renderMembers(makeWebContext({ user: makeUser() }));
    const results = () => screen.getByRole('list', { name: t('search.results_label') });
    const age = await screen.findByRole('combobox', { name: t('search.age') });

    await user.selectOptions(age, '56-65');
    expect(await within(results()).findByRole('link', { name: 'From 56, 61' })).toBeTruthy();
    await user.selectOptions(age, 'all');
    expect(await within(results()).findByRole('link', { name: 'From 18, 61' })).toBeTruthy();
    const manual = api
      .callsTo('GET', '/api/search.php?manual_search=1&gender')
      .map((call) => new URL(call.url, 'http://x').searchParams.get('min_age'));
    expect(manual).toEqual(['56', '18']);
  });
});
