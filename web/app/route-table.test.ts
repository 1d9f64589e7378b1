import { describe, expect, it } from 'vitest';
import { ROUTES, routeId, routeNameFromId } from './route-table';

const byPath = new Map(ROUTES.flatMap((entry) => [entry.path, ...(entry.aliases ?? [])].map((path) => [path, entry])));

describe('the route table of spec §2', () => {
  it('has every path and alias of the spec', () => {
    const spec = [
      '/',
      '/login',
      '/signup',
      '/chats',
      '/chats/:chatId',
      '/members',
      '/search',
      '/members/:memberId',
      '/likes/m/:memberId',
      '/members/:memberId/chat',
      '/members/:memberId/signup',
      '/members/:memberId/landing',
      '/members/:memberId/landing2/*',
      '/members/:memberId/landing3/*',
      '/premium',
      '/pricing',
      '/profile',
      '/complaints',
      '/likes',
      '/likes/:type',
      '/match-finder',
      '/signup-matches',
      '/activate/done',
      '/activate/error',
      '/mail-change/do',
      '/complete-signup',
      '/account-deleted',
      '/reset-password',
      '/reset-password/do',
      '/credits',
      '/credits/repeat-order',
      '/credits/:creditId/:paymentMethod?',
      '/notifications',
      '/transactions/:transactionId',
      ...['ban', 'faq', 'terms', 'cookies', 'privacy', 'service', 'return-policy'].map((page) => `/pages/${page}`),
      ...[
        'video',
        'gallery',
        'maplanding',
        'alonetonight',
        'iconslanding',
        'socialnetwork',
        'collagelanding',
        'transitionsvideolanding',
      ].map((lander) => `/landers/${lander}/*`),
      // The developer area, all of it redirecting home.
      '/_dev',
      '/_dev/*',
      // Ours: the local mailbox while no SMTP server is configured.
      '/dev/mailbox',
      // Ours: the public "cancel a contract here" page (§312k BGB).
      '/cancel-contract',
    ];
    expect([...byPath.keys()].sort()).toEqual([...spec].sort());
  });

  it('gives each route the layout the spec names', () => {
    expect(byPath.get('/chats')?.layout).toBe('chat');
    expect(byPath.get('/members/:memberId/chat')?.layout).toBe('chat');
    expect(byPath.get('/members/:memberId/signup')?.layout).toBe('lander');
    expect(byPath.get('/members/:memberId/landing2/*')?.layout).toBe('empty');
    expect(byPath.get('/match-finder')?.layout).toBe('empty');
    expect(byPath.get('/members')?.layout).toBe('default');
  });

  it('requires login exactly where the spec does', () => {
    const publicPaths = [
      '/login',
      '/signup',
      '/premium',
      '/pricing',
      '/complaints',
      '/activate/done',
      '/pages/terms',
      '/cancel-contract',
    ];
    for (const path of publicPaths) expect(byPath.get(path)?.access, path).toBe('public');
    // The search decides itself: visitors may search where the site allows it (spec §6).
    for (const path of ['/', '/members', '/search', '/members/:memberId', '/account-deleted', '/reset-password']) {
      expect(byPath.get(path)?.access, path).toBe('optional');
    }
    for (const path of ['/chats', '/profile', '/likes', '/credits', '/notifications']) {
      expect(byPath.get(path)?.access, path).toBe('member');
    }
  });

  it('sends the whole developer area home with one route, and serves the mailbox beside it', () => {
    expect(byPath.get('/_dev')?.file).toBe('routes/dev/redirect-home.tsx');
    expect(byPath.get('/_dev/*')).toBe(byPath.get('/_dev'));
    expect(byPath.get('/dev/mailbox')?.access).toBe('public');
  });

  it('names routes as the root class expects, with home as index and aliases sharing a name', () => {
    const names = ROUTES.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    expect(byPath.get('/')?.name).toBe('index');
    const members = byPath.get('/search')!;
    expect(routeNameFromId(routeId(members, '/search'))).toBe('members');
    for (const named of ['members', 'login', 'pricing', 'pages-service', 'pages-faq', 'notifications', 'likes']) {
      expect(names).toContain(named);
    }
    expect(names).toEqual(expect.arrayContaining(['members-memberId', 'chats-chatId']));
  });
});
