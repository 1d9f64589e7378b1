import { ChatsResponseSchema, LikesResponseSchema, type ChatsResponse, type LikesResponse } from '@rendezvous/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub, Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TopNav } from '../../../components/shell/top-nav';
import { LiveEventsProvider } from '../../../lib/live-events';
import { LocaleProvider } from '../../../lib/locale';
import { QueryProvider } from '../../../lib/query-provider';
import { fakeApi, json } from '../../../test/fake-api';
import { FakeEventSource } from '../../../test/fake-event-source';
import { makeUser, makeWebContext, testI18n } from '../../../test/render';
// Loaded up front, so the on-demand imports resolve without waiting for real time.
import '../../../lib/live-event-schema';
import { apiRequest } from '../../../lib/api-client';
import { countBadge } from '../count-badge';
import { useBadgePolling } from '../hooks/use-badge-polling';
import { BadgeProvider, useBadgeCounts } from './badge-provider';

import { MINUTE_MS } from '../../../lib/constants';
import { packWebContext } from '../../../lib/web-context';

// What the root hands the badge from the chats and likes features (features do not import each other).
const chatsQuery = queryOptions({
  queryKey: ['chats'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/chats.php', ChatsResponseSchema, { signal }),
});
const likesQuery = queryOptions({
  queryKey: ['likes'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/likes.php', LikesResponseSchema, { signal }),
});

function chatsWith(...unread: number[]): ChatsResponse {
  return {
    chats: unread.map((count, index) => ({
      conversation: { id: index + 1, last_message: null, updated_at: '2026-11-23T10:00:00Z' },
      profile: {
        id: index + 10,
        name: 'Greta',
        age: 60,
        city: null,
        fictional: false,
        main_image: null,
        available: true,
      },
      num_unread_messages: count,
    })),
  };
}

function likesWith(...isNew: boolean[]): LikesResponse {
  return {
    profiles: [],
    liked_by: isNew.map((likeNew, index) => ({
      id: index + 1,
      like_new: likeNew,
      created_at: '2026-11-23T10:00:00Z',
      profile: {
        id: index + 20,
        name: 'Henk',
        age: 62,
        city: null,
        country: 'NL',
        countryregion: null,
        language: 'nl',
        fictional: false,
        main_image: null,
        images: [],
        likes: { did_like_profile: false },
      },
    })),
  };
}

function BadgePolling() {
  useBadgePolling({ chats: chatsQuery, likes: likesQuery });
  return null;
}

function Header() {
  return <TopNav counts={useBadgeCounts()} />;
}

/** A screen that shows the chats: it only reads the cache the badge's polling fills. */
function ChatsScreen() {
  const chats = useQuery({ ...chatsQuery, enabled: false }).data;
  const unread = chats?.chats.map((chat) => chat.num_unread_messages);
  return <p>screen: {unread === undefined ? 'nothing yet' : unread.join(' ')}</p>;
}

function renderApp(server: { loggedIn: boolean } = { loggedIn: true }) {
  const web = makeWebContext({ user: makeUser() });
  const loader = vi.fn(() => packWebContext(makeWebContext({ user: server.loggedIn ? makeUser() : null })));
  const Stub = createRoutesStub([
    {
      id: 'root',
      loader,
      Component: () => (
        <LocaleProvider initial={web}>
          <QueryProvider memberId={web.user?.profile.id ?? null}>
            <LiveEventsProvider loggedIn>
              <BadgeProvider loggedIn>
                <BadgePolling />
                <Header />
                <ChatsScreen />
                <Outlet />
              </BadgeProvider>
            </LiveEventsProvider>
          </QueryProvider>
        </LocaleProvider>
      ),
      children: [{ path: '*', Component: () => null }],
    },
  ]);
  render(
    <I18nextProvider i18n={testI18n}>
      <Stub hydrationData={{ loaderData: { root: packWebContext(web) } }} />
    </I18nextProvider>,
  );
  return { loader };
}

function pushBrowser() {
  vi.stubGlobal('PushManager', class {});
  const pushManager = { getSubscription: async () => ({ endpoint: 'https://push.example/1' }) };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({ pushManager }) },
  });
}

/** Lets fake time pass, then real time for the answers to be read (Response bodies are streams). */
async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await act(async () => {
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  });
}

describe('badge counts (spec §4, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.stubGlobal('EventSource', FakeEventSource);
    document.title = 'Site';
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    Reflect.deleteProperty(navigator, 'setAppBadge');
    Reflect.deleteProperty(navigator, 'clearAppBadge');
  });

  it('counts unread messages over all chats and the likes still new', () => {
    expect(countBadge(chatsWith(2, 0, 3), likesWith(true, false, true))).toEqual({ unread: 5, newLikes: 2 });
    expect(countBadge(chatsWith(), likesWith())).toEqual({ unread: 0, newLikes: 0 });
  });

  it('asks 1 s after start, then every 60 s, and shows the counts in the header, title and app badge', async () => {
    const setAppBadge = vi.fn(async () => undefined);
    const clearAppBadge = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'setAppBadge', { configurable: true, value: setAppBadge });
    Object.defineProperty(navigator, 'clearAppBadge', { configurable: true, value: clearAppBadge });
    const api = fakeApi({
      'GET /api/chats.php': () => json(chatsWith(2, 1)),
      'GET /api/likes.php': () => json(likesWith(true)),
    });
    renderApp();

    await wait(999);
    expect(api.callsTo('GET', '/api/chats.php')).toHaveLength(0);
    await wait(1);
    expect(api.callsTo('GET', '/api/chats.php')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/likes.php')).toHaveLength(1);
    expect(screen.getByRole('link', { name: /Chats\s*3 unread/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Likes\s*1 new/ })).toBeTruthy();
    expect(document.title).toBe('(4) Site');
    expect(setAppBadge).toHaveBeenLastCalledWith(4);

    await wait(MINUTE_MS);
    expect(api.callsTo('GET', '/api/chats.php')).toHaveLength(2);
    await wait(2 * MINUTE_MS);
    expect(api.callsTo('GET', '/api/likes.php')).toHaveLength(4);
  });

  it('shows no count and clears the badge when nothing is unread or new', async () => {
    const clearAppBadge = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'setAppBadge', { configurable: true, value: vi.fn(async () => undefined) });
    Object.defineProperty(navigator, 'clearAppBadge', { configurable: true, value: clearAppBadge });
    fakeApi({
      'GET /api/chats.php': () => json(chatsWith(0)),
      'GET /api/likes.php': () => json(likesWith(false)),
    });
    renderApp();
    await wait(1_000);
    expect(screen.getByRole('link', { name: 'Chats' })).toBeTruthy();
    expect(document.title).toBe('Site');
    expect(clearAppBadge).toHaveBeenCalled();
  });

  it('clears what a member left on the app icon once nobody is logged in', async () => {
    const clearAppBadge = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clearAppBadge', { configurable: true, value: clearAppBadge });
    render(<BadgeProvider loggedIn={false}>{null}</BadgeProvider>);
    expect(clearAppBadge).toHaveBeenCalledTimes(1);
  });

  it('asks only every 300 s when this browser has a push subscription', async () => {
    pushBrowser();
    const api = fakeApi({
      'GET /api/chats.php': () => json(chatsWith(1)),
      'GET /api/likes.php': () => json(likesWith()),
    });
    renderApp();
    await wait(1_000);
    expect(api.callsTo('GET', '/api/chats.php')).toHaveLength(1);
    await wait(5 * MINUTE_MS - 1);
    expect(api.callsTo('GET', '/api/chats.php')).toHaveLength(1);
    await wait(1);
    expect(api.callsTo('GET', '/api/chats.php')).toHaveLength(2);
  });

  it('asks again shortly after a burst of live events about messages and likes', async () => {
    let unread = 1;
    const api = fakeApi({
      'GET /api/chats.php': () => json(chatsWith(unread)),
      'GET /api/likes.php': () => json(likesWith()),
    });
    renderApp();
    await wait(1_000);
    expect(document.title).toBe('(1) Site');

    unread = 2;
    const message = { id: 5, conversation: 1, from: 10, body: 'Hi', created_at: '2026-11-23T10:00:00Z' };
    await act(async () => {
      FakeEventSource.deliver({ type: 'message', message });
      FakeEventSource.deliver({ type: 'like', profile: 10, by_me: false });
    });
    await wait(299);
    expect(api.callsTo('GET', '/api/chats.php')).toHaveLength(1);
    await wait(1);
    expect(api.callsTo('GET', '/api/chats.php')).toHaveLength(2);
    expect(document.title).toBe('(2) Site');
  });

  it('hands each answer to the screens showing chats and likes, so they need no polling of their own', async () => {
    let unread = [1, 0];
    const api = fakeApi({
      'GET /api/chats.php': () => json(chatsWith(...unread)),
      'GET /api/likes.php': () => json(likesWith()),
    });
    renderApp();
    expect(screen.getByText('screen: nothing yet')).toBeTruthy();
    await wait(1_000);
    expect(screen.getByText('screen: 1 0')).toBeTruthy();

    unread = [2, 5];
    await wait(MINUTE_MS);
    expect(screen.getByText('screen: 2 5')).toBeTruthy();
    expect(api.callsTo('GET', '/api/chats.php')).toHaveLength(2);
  });

  it('re-fetches the user after a 403 (spec §8)', async () => {
    const server = { loggedIn: true };
    const forbidden = () => json({ error: { code: 'not_logged_in', message: 'You need to log in first.' } }, 403);
    fakeApi({ 'GET /api/chats.php': forbidden, 'GET /api/likes.php': forbidden });
    const { loader } = renderApp(server);
    server.loggedIn = false;
    await wait(1_000);
    expect(loader).toHaveBeenCalled();
  });
});
