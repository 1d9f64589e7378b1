import { MEMBER_DETAIL_PATH, type ServerApiResponse } from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertMember, sessionCookies } from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import type { WebServerEntry } from './web.routes.js';

/**
 * A stand-in for the built web app whose one "loader" reads the API path given in the page's
 * query through the load context, and answers with what it got: the page renders with the
 * status its record has, as the real route loaders do.
 */
const probeEntry: WebServerEntry = {
  async handleRequest(request, { api }) {
    const path = new URL(request.url).searchParams.get('api') ?? '';
    const answer: ServerApiResponse = await api.get(path);
    return new Response(JSON.stringify(answer), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  },
};

describe.each(TEST_DIALECTS)('records read while rendering a page on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      web: { loadEntry: async () => probeEntry, middlewares: (_request, _response, next) => next() },
    });
  });
  afterAll(async () => t.close());

  const cookieHeader = (cookies: Record<string, string>) =>
    Object.entries(cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');

  /** A page about one member, as a browser asks for it. */
  const memberPage = (id: number, headers: Record<string, string> = {}) =>
    t.app.inject({
      url: `/members/${id}?api=${encodeURIComponent(`${MEMBER_DETAIL_PATH}?id=${id}`)}`,
      headers: { accept: 'text/html', ...headers },
    });

  it('answers 404 for deleted, banned and unknown members, and 200 with a visible one', async () => {
    const visible = await insertMember(t.database.db, t.siteId, { name: 'Griselda' });
    const deleted = await insertMember(t.database.db, t.siteId, { status: 'deleted' });
    const banned = await insertMember(t.database.db, t.siteId, { status: 'banned' });

    const page = await memberPage(visible);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ body: { id: visible, name: 'Griselda' } });
    for (const id of [deleted, banned, 987654321]) {
      expect((await memberPage(id)).statusCode, `member ${id}`).toBe(404);
    }
  });

  it('reads as the visitor: a member who blocked them is a 404 for them alone', async () => {
    const viewer = await insertMember(t.database.db, t.siteId);
    const blocker = await insertMember(t.database.db, t.siteId, { name: 'Blocker' });
    await t.database.db
      .insertInto('blocks')
      .values({ member_id: blocker, blocked_id: viewer, created_at: Date.now() })
      .execute();

    const asViewer = await memberPage(blocker, { cookie: cookieHeader(await sessionCookies(t.database.db, viewer)) });
    expect(asViewer.statusCode).toBe(404);
    expect((await memberPage(blocker)).statusCode).toBe(200);
  });

  it('reads on the site the page was asked from', async () => {
    const boxyMember = await insertMember(t.database.db, t.boxySiteId, { name: 'Boxy member' });
    expect((await memberPage(boxyMember, { host: 'boxy.localhost' })).statusCode).toBe(200);
    expect((await memberPage(boxyMember, { host: 'localhost' })).statusCode).toBe(404);
  });
});

describe('the words a page carries', () => {
  /** Answers with the catalogue's namespaces the page was given. */
  const namespacesEntry: WebServerEntry = {
    async handleRequest(_request, { web }) {
      return new Response(JSON.stringify(Object.keys(web.i18n.messages)), {
        headers: { 'content-type': 'application/json' },
      });
    },
  };

  it("gives the operator console's words to the console's pages only", async () => {
    const t = await createTestApp('sqlite', {
      web: { loadEntry: async () => namespacesEntry, middlewares: (_request, _response, next) => next() },
    });
    const namespaces = async (url: string) =>
      (await t.app.inject({ url, headers: { accept: 'text/html' } })).json<string[]>();
    for (const url of ['/console', '/console/login', '/console/staff?x=1']) {
      expect(await namespaces(url), url).toContain('console');
    }
    for (const url of ['/', '/login', '/members', '/consoles', '/pages/console']) {
      const keys = await namespaces(url);
      expect(keys, url).toContain('login');
      expect(keys, url).not.toContain('console');
    }
    await t.close();
  });
});
