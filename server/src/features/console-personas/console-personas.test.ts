import fs from 'node:fs';
import path from 'node:path';
import {
  CONSOLE_INBOX_PATHS,
  CONSOLE_PERSONAS_PATH,
  consolePath,
  MATCH_FINDER_PATH,
  PERSONA_PAGE_SIZE,
  PERSONA_SHEET_TEXT_MAX,
  PROFILE_IMAGE_ERRORS,
  VALIDATION,
  type ChatsResponse,
  type ConversationView,
  type LanderProfilesResponse,
  type MessagesResponse,
  type PersonaCreate,
  type PersonaDetail,
  type PersonaListResponse,
  type PersonaSheet,
  type ProfileCard,
  type QueueResponse,
  type StaffRole,
} from '@rendezvous/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHANGE_POLL_INTERVAL_MS } from '../../db/member-changes.js';
import type { NewMember } from '../../db/schema.js';
import { searchRank } from '../../db/search-rank.js';
import {
  browserHeaders,
  createTestApp,
  insertMember,
  insertSite,
  sessionCookies,
  testSiteConfig,
} from '../../test/fixtures.js';
import { insertStaff, staffCookies } from '../../test/staff-fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { PERSONA_EMAIL_DOMAIN } from './console-personas.repository.js';

const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;
const bornAged = (age: number) => new Date(Date.now() - (age + 0.5) * YEAR_MS).toISOString().slice(0, 10);

const SHEET: PersonaSheet = {
  character: 'Retired teacher, widowed, two grown sons.',
  tone: 'Warm, a little formal, no emoji.',
  facts: 'Told Jan about her cat Minoes.',
  avoid: 'Politics; never suggest meeting.',
};

type Cookies = Record<string, string>;
interface Answer {
  statusCode: number;
  json<T = { error: { code: string; fields?: Record<string, string> } }>(): T;
}

/** A real multipart body with one file, as the console's upload form sends it. */
async function multipart(data: Buffer, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([data], { type: 'image/png' }), 'photo.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

const png = (width = 900, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: '#c03060' } })
    .png()
    .toBuffer();

describe.each(TEST_DIALECTS)('console personas on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let mediaDir: string;
  let regionNH: number;
  let regionAntwerp: number;
  const staff = {} as Record<StaffRole, Cookies>;
  // The app caches the sites table on the first request, so every test's site exists before it.
  const sitePool: { siteId: number; host: string; used: boolean }[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    mediaDir = path.join(t.config.dataDir, 'media');
    const db = t.database.db;
    const regions = await db
      .insertInto('regions')
      .values([
        { country: 'NL', code: 'NH', name: 'Noord-Holland' },
        { country: 'BE', code: 'VAN', name: 'Antwerpen' },
      ])
      .returning('id')
      .execute();
    [regionNH, regionAntwerp] = regions.map((region) => region.id) as [number, number];
    for (let copy = 0; copy < 20; copy++) {
      const host = `personas-${copy}.test`;
      const config = testSiteConfig(host, {
        countries: ['NL', 'BE'],
        // Free messages: the tests are about who may write, not what it costs.
        message_credits: 0,
        allowed_values: { smoking: ['no', 'yes'] },
        visible_profile_notes: ['about_me'],
        logged_out_search: true,
      });
      sitePool.push({ siteId: await insertSite(db, config), host, used: false });
    }
    for (const role of ['admin', 'supervisor', 'operator'] as const) {
      staff[role] = await staffCookies(db, await insertStaff(db, { role, name: `Test ${role}` }));
    }
  });
  afterAll(async () => t.close());

  function newSite() {
    const site = sitePool.find((candidate) => !candidate.used);
    if (!site) throw new Error('No unused test site left');
    site.used = true;
    return site;
  }

  const call = (
    cookies: Cookies,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object | { payload: Buffer; contentType: string },
  ): Promise<Answer> => {
    const upload = payload && 'contentType' in payload ? payload : undefined;
    return t.app.inject({
      method,
      url,
      headers: { ...browserHeaders(cookies), ...(upload ? { 'content-type': upload.contentType } : {}) },
      ...(upload ? { payload: upload.payload } : payload ? { payload } : {}),
    });
  };
  const personaUrl = (id: number, rest = '') => `${CONSOLE_PERSONAS_PATH}/${id}${rest}`;

  const createBody = (siteId: number, fields: Partial<PersonaCreate> = {}): PersonaCreate => ({
    site_id: siteId,
    name: 'Greta',
    language: 'nl',
    gender: 'female',
    date_of_birth: bornAged(60),
    country: 'NL',
    countryregion: regionNH,
    city: 'Haarlem',
    personal: { about_me: 'Ik wandel graag langs de duinen.', smoking: 'no' },
    sheet: SHEET,
    ...fields,
  });

  async function createPersona(siteId: number, fields: Partial<PersonaCreate> = {}, by = staff.supervisor) {
    const response = await call(by, 'POST', CONSOLE_PERSONAS_PATH, createBody(siteId, fields));
    expect(response.statusCode).toBe(200);
    return response.json<PersonaDetail>();
  }

  async function upload(id: number, data: Buffer, by = staff.supervisor) {
    return call(by, 'POST', personaUrl(id, '/images'), await multipart(data));
  }

  /** A logged-in member of the site: a man of 62 in Noord-Holland, who searches for women. */
  async function member(site: { siteId: number; host: string }, fields: Partial<NewMember> = {}) {
    const id = await insertMember(t.database.db, site.siteId, {
      gender: 'male',
      date_of_birth: bornAged(62),
      country: 'NL',
      countryregion: regionNH,
      ...fields,
    });
    const headers = { ...browserHeaders(await sessionCookies(t.database.db, id)), host: site.host };
    // The chat start may only come from our own pages.
    const own = { ...headers, 'sec-fetch-site': 'same-origin' };
    return {
      id,
      /** `maxAge` other than the usual reads a list the search has not cached yet. */
      search: async (maxAge = 100) => {
        const query = `manual_search=1&gender=female&min_age=18&max_age=${maxAge}&country=NL&countryregion=0`;
        const response = await t.app.inject({ url: `/api/search.php?${query}`, headers });
        expect(response.statusCode).toBe(200);
        return response.json<{ profiles: ProfileCard[] }>().profiles;
      },
      page: (profile: number) => t.app.inject({ url: `/api/member.php?id=${profile}`, headers }),
      startChat: async (profile: number) => t.app.inject({ url: `/api/chat.php?profile=${profile}`, headers: own }),
      send: (conversation: number, body: string) =>
        t.app.inject({ method: 'POST', url: '/api/messages.php', headers: own, payload: { conversation, body } }),
      read: (conversation: number) =>
        t.app.inject({ url: `/api/messages.php?conversation=${conversation}`, headers: own }),
      chats: async () => (await t.app.inject({ url: '/api/chats.php', headers: own })).json<ChatsResponse>().chats,
    };
  }

  /** An operator who answers the site's Dutch personas in the inbox. */
  async function operatorOf(siteId: number): Promise<Cookies> {
    return staffCookies(
      t.database.db,
      await insertStaff(t.database.db, { role: 'operator', sites: [siteId], languages: ['nl'] }),
    );
  }
  const inbox = {
    queued: async (cookies: Cookies) => {
      const response = await call(cookies, 'GET', CONSOLE_INBOX_PATHS.queue);
      expect(response.statusCode).toBe(200);
      return response.json<QueueResponse>().items.map((item) => item.conversation);
    },
    claim: (cookies: Cookies, conversation: number) =>
      call(cookies, 'POST', consolePath(CONSOLE_INBOX_PATHS.claim, conversation)),
    reply: (cookies: Cookies, conversation: number, body: string) =>
      call(cookies, 'POST', consolePath(CONSOLE_INBOX_PATHS.reply, conversation), { body }),
    view: (cookies: Cookies, conversation: number) =>
      call(cookies, 'GET', consolePath(CONSOLE_INBOX_PATHS.conversation, conversation)),
  };
  const claimOf = (conversation: number) =>
    t.database.db
      .selectFrom('conversation_claims')
      .select('staff_id')
      .where('conversation_id', '=', conversation)
      .executeTakeFirst();

  const landerIds = async (host: string) => {
    const response = await t.app.inject({ url: '/api/landers/profiles.php?niche=1&limit=24', headers: { host } });
    expect(response.statusCode).toBe(200);
    return response.json<LanderProfilesResponse>().profiles.map((profile) => profile.id);
  };
  const matchFinderIds = async (host: string) => {
    const query = 'gender=female&min_age=18&max_age=100&country=NL&countryregion=0';
    const response = await t.app.inject({ url: `${MATCH_FINDER_PATH}?${query}`, headers: { host } });
    expect(response.statusCode).toBe(200);
    return response.json<{ profiles: ProfileCard[] }>().profiles.map((profile) => profile.id);
  };

  const auditRows = (personaId: number) =>
    t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_type', '=', 'persona')
      .where('target_id', '=', personaId)
      .orderBy('id')
      .execute();
  const refusal = (response: Answer) => ({ status: response.statusCode, code: response.json().error.code });
  const fieldsOf = (response: Answer) => {
    expect(response.statusCode).toBe(400);
    return response.json().error.fields;
  };

  describe('who may call', () => {
    /** Every personas call, with input it accepts, on a fresh persona that has one photo. */
    async function everyCall() {
      const site = newSite();
      const persona = await createPersona(site.siteId);
      expect((await upload(persona.id, await png())).statusCode).toBe(200);
      const imageId = (await call(staff.admin, 'GET', personaUrl(persona.id))).json<PersonaDetail>().images[0]!.id;
      return [
        { route: `GET ${CONSOLE_PERSONAS_PATH}/sites`, method: 'GET', url: `${CONSOLE_PERSONAS_PATH}/sites` },
        {
          route: `GET ${CONSOLE_PERSONAS_PATH}`,
          method: 'GET',
          url: `${CONSOLE_PERSONAS_PATH}?site_id=${site.siteId}`,
        },
        {
          route: `POST ${CONSOLE_PERSONAS_PATH}`,
          method: 'POST',
          url: CONSOLE_PERSONAS_PATH,
          payload: createBody(site.siteId),
        },
        { route: `GET ${CONSOLE_PERSONAS_PATH}/:id`, method: 'GET', url: personaUrl(persona.id) },
        {
          route: `PATCH ${CONSOLE_PERSONAS_PATH}/:id`,
          method: 'PATCH',
          url: personaUrl(persona.id),
          payload: { city: 'Zandvoort' },
        },
        {
          route: `PUT ${CONSOLE_PERSONAS_PATH}/:id/sheet`,
          method: 'PUT',
          url: personaUrl(persona.id, '/sheet'),
          payload: { ...SHEET, tone: 'Brief.' },
        },
        {
          route: `PUT ${CONSOLE_PERSONAS_PATH}/:id/state`,
          method: 'PUT',
          url: personaUrl(persona.id, '/state'),
          payload: { state: 'hidden' },
        },
        // Before the upload below, as the order names every photo.
        {
          route: `PUT ${CONSOLE_PERSONAS_PATH}/:id/image-order`,
          method: 'PUT',
          url: personaUrl(persona.id, '/image-order'),
          payload: { ids: [imageId] },
        },
        {
          route: `POST ${CONSOLE_PERSONAS_PATH}/:id/images`,
          method: 'POST',
          url: personaUrl(persona.id, '/images'),
          payload: await multipart(await png(400, 400)),
        },
        {
          route: `PUT ${CONSOLE_PERSONAS_PATH}/:id/main-image`,
          method: 'PUT',
          url: personaUrl(persona.id, '/main-image'),
          payload: { id: imageId },
        },
        {
          route: `DELETE ${CONSOLE_PERSONAS_PATH}/:id/images/:imageId`,
          method: 'DELETE',
          url: personaUrl(persona.id, `/images/${imageId}`),
        },
      ] as const;
    }

    it('knows every personas route the app serves', async () => {
      const served = t.app.routeAccess
        .filter((route) => route.url.startsWith(CONSOLE_PERSONAS_PATH))
        .map((route) => `${route.method} ${route.url}`);
      const tried = (await everyCall()).map((entry) => entry.route);
      expect(new Set(served.filter((route) => !route.startsWith('HEAD ')))).toEqual(new Set(tried));
    });

    it('refuses nobody, members, operators and unfinished logins before anything changes', async () => {
      const memberId = await insertMember(t.database.db, t.siteId);
      const pending = await staffCookies(t.database.db, await insertStaff(t.database.db, { role: 'admin' }), null);
      const callers: [string, Cookies, { status: number; code: string }][] = [
        ['nobody', {}, { status: 403, code: 'not_logged_in' }],
        ['a member', await sessionCookies(t.database.db, memberId), { status: 403, code: 'not_logged_in' }],
        ['an operator', staff.operator, { status: 403, code: 'forbidden' }],
        ['an admin without the two-factor code', pending, { status: 403, code: 'two_factor_required' }],
      ];
      const calls = await everyCall();
      const auditBefore = await t.database.db.selectFrom('audit_log').select('id').execute();
      for (const [who, cookies, expected] of callers) {
        for (const { route, method, url, ...rest } of calls) {
          const answer = refusal(await call(cookies, method, url, 'payload' in rest ? rest.payload : undefined));
          expect({ who, route, ...answer }).toEqual({ who, route, ...expected });
        }
      }
      expect(await t.database.db.selectFrom('audit_log').select('id').execute()).toEqual(auditBefore);
    });

    it.each(['admin', 'supervisor'] as const)('lets a %s make every call', async (role) => {
      for (const { route, method, url, ...rest } of await everyCall()) {
        const response = await call(staff[role], method, url, 'payload' in rest ? rest.payload : undefined);
        expect({ route, status: response.statusCode }).toEqual({ route, status: 200 });
      }
    });
  });

  it('creates a persona that members find in search, marked fictional, and that can never log in', async () => {
    const site = newSite();
    const persona = await createPersona(site.siteId);
    expect(persona).toMatchObject({
      site_id: site.siteId,
      state: 'active',
      name: 'Greta',
      language: 'nl',
      gender: 'female',
      age: 60,
      country: 'NL',
      countryregion: regionNH,
      city: 'Haarlem',
      personal: { about_me: 'Ik wandel graag langs de duinen.', smoking: 'no' },
      main_image: null,
      images: [],
      sheet: { ...SHEET, updated_by: { name: 'Test supervisor' } },
    });

    const searcher = await member(site);
    expect(await searcher.search()).toEqual([
      expect.objectContaining({ id: persona.id, name: 'Greta', fictional: true }),
    ]);
    const page = await searcher.page(persona.id);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      fictional: true,
      notes: [{ name: 'about_me', text: 'Ik wandel graag langs de duinen.' }],
    });

    const row = await t.database.db
      .selectFrom('members')
      .select(['email', 'password_hash', 'fictional'])
      .where('id', '=', persona.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ password_hash: null, fictional: 1 });
    expect(row.email.endsWith(`@${PERSONA_EMAIL_DOMAIN}`)).toBe(true);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login.php',
      headers: { ...browserHeaders(), host: site.host },
      payload: { email: row.email, password: 'anything at all' },
    });
    expect(login.statusCode).toBe(401);
    // Even a session row written by mistake opens nothing.
    const stray = { ...browserHeaders(await sessionCookies(t.database.db, persona.id)), host: site.host };
    expect((await t.app.inject({ url: '/api/user.php', headers: stray })).statusCode).toBe(403);
  });

  it('never mails a persona a password-reset link', async () => {
    const site = newSite();
    const persona = await createPersona(site.siteId);
    const { email } = await t.database.db
      .selectFrom('members')
      .select('email')
      .where('id', '=', persona.id)
      .executeTakeFirstOrThrow();
    const realEmail = 'real-person@example.test';
    const real = await insertMember(t.database.db, site.siteId, { email: realEmail });
    for (const address of [email, realEmail]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/password_reset.php',
        headers: { ...browserHeaders(), host: site.host },
        payload: { email: address },
      });
      expect(response.statusCode).toBe(200);
    }
    const mailTo = (memberId: number) =>
      t.database.db.selectFrom('mail_deliveries').select('kind').where('member_id', '=', memberId).execute();
    // The persona's request came first: once the real member's mail is out, the persona's was looked up too.
    await vi.waitFor(async () => expect(await mailTo(real)).toEqual([{ kind: 'password_reset' }]));
    expect(await mailTo(persona.id)).toEqual([]);
  });

  it('hides a persona from search, the match finder and landers, while its conversations go on', async () => {
    const site = newSite();
    const persona = await createPersona(site.siteId);
    expect((await upload(persona.id, await png())).statusCode).toBe(200);
    const writer = await member(site);
    const conversation = (await writer.startChat(persona.id)).json<{ id: number }>().id;
    expect((await writer.send(conversation, 'Hallo Greta!')).statusCode).toBe(200);
    const operator = await operatorOf(site.siteId);
    expect((await inbox.claim(operator, conversation)).statusCode).toBe(200);
    expect((await writer.search()).map((card) => card.id)).toEqual([persona.id]);
    expect(await matchFinderIds(site.host)).toEqual([persona.id]);
    expect(await landerIds(site.host)).toEqual([persona.id]);

    const hidden = await call(staff.supervisor, 'PUT', personaUrl(persona.id, '/state'), { state: 'hidden' });
    expect(hidden.json<PersonaDetail>().state).toBe('hidden');

    // Search answers from lists it keeps a minute; the change reaches them within the change poll.
    await vi.waitFor(async () => expect(await writer.search()).toEqual([]), {
      timeout: 5 * CHANGE_POLL_INTERVAL_MS,
      interval: 100,
    });
    expect(await matchFinderIds(site.host)).toEqual([]);
    expect(await landerIds(site.host)).toEqual([]);
    const newcomer = await member(site);
    expect(await newcomer.search()).toEqual([]);

    expect((await writer.send(conversation, 'Ben je er nog?')).statusCode).toBe(200);
    expect((await writer.read(conversation)).json<MessagesResponse>().messages).toHaveLength(2);
    // Those already writing keep being answered: the conversation waits and its claim holds.
    expect(await inbox.queued(operator)).toEqual([conversation]);
    expect(await claimOf(conversation)).toBeDefined();
    expect((await inbox.reply(operator, conversation, 'Ja hoor!')).statusCode).toBe(200);
    expect((await writer.chats())[0]?.profile).toMatchObject({ id: persona.id, available: true });
    expect((await writer.page(persona.id)).statusCode).toBe(200);
    const waiting = await t.database.db
      .selectFrom('messages')
      .select('awaiting_operator')
      .where('conversation_id', '=', conversation)
      .execute();
    expect(waiting).toEqual([{ awaiting_operator: 0 }, { awaiting_operator: 0 }, { awaiting_operator: 0 }]);

    await call(staff.supervisor, 'PUT', personaUrl(persona.id, '/state'), { state: 'active' });
    await vi.waitFor(async () => expect((await newcomer.search()).map((card) => card.id)).toEqual([persona.id]), {
      timeout: 5 * CHANGE_POLL_INTERVAL_MS,
      interval: 100,
    });
  });

  it('retires a persona: gone like a deleted member, its conversations still readable, and back when restored', async () => {
    const site = newSite();
    const persona = await createPersona(site.siteId);
    const writer = await member(site);
    const conversation = (await writer.startChat(persona.id)).json<{ id: number }>().id;
    expect((await writer.send(conversation, 'Hallo!')).statusCode).toBe(200);
    const operator = await operatorOf(site.siteId);
    expect((await inbox.claim(operator, conversation)).statusCode).toBe(200);
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

    const retired = await call(staff.admin, 'PUT', personaUrl(persona.id, '/state'), { state: 'retired' });
    expect(retired.json<PersonaDetail>().state).toBe('retired');

    // Nobody answers as a persona that has left: out of the queue, its claim released, replies refused.
    expect(await inbox.queued(operator)).toEqual([]);
    expect(await claimOf(conversation)).toBeUndefined();
    expect(refusal(await inbox.reply(operator, conversation, 'Toch nog even'))).toEqual({
      status: 409,
      code: 'claim_required',
    });
    expect((await inbox.view(operator, conversation)).json<ConversationView>().can_reply).toBe(false);
    const written = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_type', 'target_id', 'detail'])
      .where('id', '>', audited.id)
      .orderBy('id')
      .execute();
    expect(
      written.map((row) => [row.action, row.target_type, row.target_id, JSON.parse(row.detail ?? 'null')]),
    ).toEqual([
      ['persona.state', 'persona', persona.id, { from: 'active', to: 'retired' }],
      [
        'inbox.release',
        'conversation',
        conversation,
        { holder: expect.any(Number), persona: persona.id, reason: 'persona_retired' },
      ],
    ]);

    const refused = await writer.send(conversation, 'Nog iemand?');
    expect(refusal(refused)).toEqual({ status: 403, code: 'member_unavailable' });
    expect((await writer.read(conversation)).json<MessagesResponse>().messages.map((m) => m.body)).toEqual(['Hallo!']);
    expect((await writer.chats())[0]?.profile).toMatchObject({ id: persona.id, available: false });
    expect((await writer.page(persona.id)).statusCode).toBe(404);
    expect((await (await member(site)).startChat(persona.id)).statusCode).toBe(404);
    await vi.waitFor(async () => expect(await writer.search()).toEqual([]), {
      timeout: 5 * CHANGE_POLL_INTERVAL_MS,
      interval: 100,
    });

    // Even taken again, by its link, nothing is sent as the retired persona.
    expect((await inbox.claim(operator, conversation)).statusCode).toBe(200);
    expect(refusal(await inbox.reply(operator, conversation, 'Toch nog even'))).toEqual({
      status: 403,
      code: 'member_unavailable',
    });
    expect((await writer.read(conversation)).json<MessagesResponse>().messages.map((m) => m.body)).toEqual(['Hallo!']);

    await call(staff.admin, 'PUT', personaUrl(persona.id, '/state'), { state: 'active' });
    // Back: what the member wrote before waits in the queue again.
    expect(await inbox.queued(operator)).toEqual([conversation]);
    expect((await writer.send(conversation, 'Daar ben je weer!')).statusCode).toBe(200);
  });

  it('shows members a persona that answers as recently active, ahead of one that went quiet', async () => {
    const site = newSite();
    const answering = await createPersona(site.siteId);
    const quiet = await createPersona(site.siteId, { name: 'Hanna' });
    const dayMs = 24 * 60 * 60 * 1000;
    for (const [id, daysAgo] of [
      [answering.id, 10],
      [quiet.id, 3],
    ] as const) {
      const lastActive = Date.now() - daysAgo * dayMs;
      await t.database.db
        .updateTable('members')
        .set({ last_active_at: lastActive, search_rank: searchRank(false, lastActive) })
        .where('id', '=', id)
        .execute();
    }
    const writer = await member(site);
    const conversation = (await writer.startChat(answering.id)).json<{ id: number }>().id;
    expect((await writer.send(conversation, 'Hallo Greta!')).statusCode).toBe(200);
    expect((await writer.search()).map((card) => card.id)).toEqual([quiet.id, answering.id]);

    const operator = await operatorOf(site.siteId);
    expect((await inbox.claim(operator, conversation)).statusCode).toBe(200);
    expect((await inbox.reply(operator, conversation, 'Hoi!')).statusCode).toBe(200);

    // Searching afterwards (a list the search has not cached yet), the answering persona comes first.
    expect((await writer.search(99)).map((card) => card.id)).toEqual([answering.id, quiet.id]);
  });

  it("stores persona photos through the members' pipeline, re-encoded, and changes only a persona's photos", async () => {
    const site = newSite();
    const persona = await createPersona(site.siteId);

    const first = await upload(persona.id, await png(900, 600));
    expect(first.statusCode).toBe(200);
    const [photo] = first.json<PersonaDetail>().images;
    expect(first.json<PersonaDetail>().main_image).toEqual(photo);
    const stored = await sharp(fs.readFileSync(path.join(mediaDir, photo!.filename))).metadata();
    const thumb = await sharp(fs.readFileSync(path.join(mediaDir, photo!.thumb_filename))).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['jpeg', 900, 600]);
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['jpeg', 320, 320]);

    const second = (await upload(persona.id, await png(500, 500))).json<PersonaDetail>();
    expect(second.images).toHaveLength(2);
    expect(second.main_image?.id).toBe(photo!.id);
    const other = second.images[1]!;
    const main = await call(staff.supervisor, 'PUT', personaUrl(persona.id, '/main-image'), { id: other.id });
    expect(main.json<PersonaDetail>().main_image?.id).toBe(other.id);
    const searcher = await member(site);
    expect((await searcher.search())[0]?.main_image).toEqual({ thumb_filename: other.thumb_filename });

    // The order members see on the profile; a list that is not exactly its photos changes nothing.
    const order = (ids: number[]) => call(staff.supervisor, 'PUT', personaUrl(persona.id, '/image-order'), { ids });
    const reordered = await order([other.id, photo!.id]);
    expect(reordered.json<PersonaDetail>().images.map((image) => image.id)).toEqual([other.id, photo!.id]);
    const shown = (await searcher.page(persona.id)).json<{ images: { id: number }[] }>().images;
    expect(shown.map((image) => image.id)).toEqual([other.id, photo!.id]);
    expect(fieldsOf(await order([other.id]))).toEqual({ ids: VALIDATION.choice });
    expect(fieldsOf(await order([other.id, other.id]))).toEqual({ ids: VALIDATION.choice });
    expect(fieldsOf(await order([other.id, photo!.id, 999_999]))).toEqual({ ids: VALIDATION.choice });
    expect(fieldsOf(await order([]))).toEqual({ ids: VALIDATION.required });
    expect((await call(staff.supervisor, 'GET', personaUrl(persona.id))).json<PersonaDetail>().images[0]?.id).toBe(
      other.id,
    );

    const removed = await call(staff.supervisor, 'DELETE', personaUrl(persona.id, `/images/${photo!.id}`));
    expect(removed.json<PersonaDetail>().images.map((image) => image.id)).toEqual([other.id]);
    expect(fs.existsSync(path.join(mediaDir, photo!.filename))).toBe(false);

    expect(fieldsOf(await upload(persona.id, Buffer.from('GIF89a not really')))).toEqual({
      file: PROFILE_IMAGE_ERRORS.type,
    });
    const wrongField = await call(
      staff.supervisor,
      'POST',
      personaUrl(persona.id, '/images'),
      await multipart(await png(), 'photo'),
    );
    expect(fieldsOf(wrongField)).toEqual({ file: PROFILE_IMAGE_ERRORS.required });

    // A real member is no persona: the console never touches their photos.
    const real = await insertMember(t.database.db, site.siteId);
    expect((await upload(real, await png())).statusCode).toBe(404);
    const images = await t.database.db.selectFrom('member_images').select('id').where('member_id', '=', real).execute();
    expect(images).toEqual([]);
    const otherPersona = await createPersona(site.siteId, { name: 'Hanna' });
    const notHers = await call(staff.supervisor, 'PUT', personaUrl(otherPersona.id, '/main-image'), { id: other.id });
    expect(notHers.statusCode).toBe(404);
    const stolen = await call(staff.supervisor, 'DELETE', personaUrl(otherPersona.id, `/images/${other.id}`));
    expect(stolen.statusCode).toBe(404);
    expect((await call(staff.supervisor, 'GET', personaUrl(persona.id))).json<PersonaDetail>().images).toHaveLength(1);
  });

  it('edits profile fields and the sheet as members and operators then see them', async () => {
    const site = newSite();
    const persona = await createPersona(site.siteId);
    const edited = await call(staff.admin, 'PATCH', personaUrl(persona.id), {
      name: 'Margriet',
      country: 'BE',
      city: 'Antwerpen',
      personal: { about_me: 'Nieuw in Antwerpen.', smoking: null },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<PersonaDetail>()).toMatchObject({
      name: 'Margriet',
      country: 'BE',
      // The Dutch region cannot stay with a Belgian address.
      countryregion: null,
      city: 'Antwerpen',
      personal: { about_me: 'Nieuw in Antwerpen.' },
    });
    const region = await call(staff.admin, 'PATCH', personaUrl(persona.id), { countryregion: regionAntwerp });
    expect(region.json<PersonaDetail>().countryregion).toBe(regionAntwerp);

    const page = await (await member(site)).page(persona.id);
    expect(page.json()).toMatchObject({ name: 'Margriet', city: 'Antwerpen', country: 'BE' });

    const sheet = await call(staff.admin, 'PUT', personaUrl(persona.id, '/sheet'), { ...SHEET, facts: '' });
    expect(sheet.json<PersonaDetail>().sheet).toMatchObject({
      ...SHEET,
      facts: '',
      updated_by: { name: 'Test admin' },
    });
    const stored = await t.database.db
      .selectFrom('persona_sheets')
      .selectAll()
      .where('member_id', '=', persona.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ ...SHEET, facts: '' });
  });

  it('writes one audit row per change, naming who, what and which persona, and none for no change', async () => {
    const site = newSite();
    const persona = await createPersona(site.siteId);
    await call(staff.supervisor, 'PATCH', personaUrl(persona.id), { name: 'Greet', city: 'Leiden' });
    await call(staff.supervisor, 'PUT', personaUrl(persona.id, '/sheet'), { ...SHEET, avoid: 'Money.' });
    await call(staff.supervisor, 'PUT', personaUrl(persona.id, '/state'), { state: 'hidden' });
    // Already hidden: nothing changes, so nothing is logged.
    await call(staff.supervisor, 'PUT', personaUrl(persona.id, '/state'), { state: 'hidden' });
    const photo = (await upload(persona.id, await png())).json<PersonaDetail>().images[0]!;
    await call(staff.supervisor, 'PUT', personaUrl(persona.id, '/main-image'), { id: photo.id });
    await call(staff.supervisor, 'PUT', personaUrl(persona.id, '/image-order'), { ids: [photo.id] });
    await call(staff.supervisor, 'DELETE', personaUrl(persona.id, `/images/${photo.id}`));
    // Refused: no change, no row.
    await call(staff.supervisor, 'PATCH', personaUrl(persona.id), { country: 'DE' });
    await call(staff.operator, 'PUT', personaUrl(persona.id, '/state'), { state: 'retired' });

    const rows = await auditRows(persona.id);
    expect(rows.map((row) => [row.action, row.detail === null ? null : JSON.parse(row.detail)])).toEqual([
      ['persona.create', { name: 'Greta', state: 'active' }],
      ['persona.update', { fields: ['name', 'city'] }],
      ['persona.sheet', { parts: ['avoid'] }],
      ['persona.state', { from: 'active', to: 'hidden' }],
      ['persona.image.add', null],
      ['persona.image.main', { image_id: photo.id }],
      ['persona.image.order', { ids: [photo.id] }],
      ['persona.image.remove', { image_id: photo.id }],
    ]);
    const supervisorId = (
      await t.database.db
        .selectFrom('staff')
        .select('id')
        .where('name', '=', 'Test supervisor')
        .executeTakeFirstOrThrow()
    ).id;
    for (const row of rows) {
      expect(row).toMatchObject({
        staff_id: supervisorId,
        target_type: 'persona',
        site_id: site.siteId,
        ip: '127.0.0.1',
      });
    }
  });

  it('refuses bad input with 400 and the fields at fault, creating nothing', async () => {
    const site = newSite();
    const create = (fields: Partial<PersonaCreate> | Record<string, unknown>) =>
      call(staff.admin, 'POST', CONSOLE_PERSONAS_PATH, { ...createBody(site.siteId), ...fields });
    expect(fieldsOf(await create({ name: '  ' }))).toEqual({ name: VALIDATION.nameMin });
    expect(fieldsOf(await create({ name: '@greta' }))).toEqual({ name: VALIDATION.nameStartsWithAt });
    expect(fieldsOf(await create({ name: 'x'.repeat(151) }))).toEqual({ name: VALIDATION.tooLong });
    expect(fieldsOf(await create({ date_of_birth: bornAged(16) }))).toEqual({ date_of_birth: VALIDATION.dateOfBirth });
    expect(fieldsOf(await create({ gender: undefined, language: 'xx' }))).toEqual({
      gender: expect.any(String),
      language: expect.any(String),
    });
    expect(fieldsOf(await create({ country: 'DE', countryregion: null }))).toEqual({ country: VALIDATION.country });
    expect(fieldsOf(await create({ countryregion: regionAntwerp }))).toEqual({ countryregion: VALIDATION.region });
    expect(fieldsOf(await create({ personal: { hobby: 'golf', smoking: 'sometimes' } }))).toEqual({
      'personal.hobby': VALIDATION.unknownField,
      'personal.smoking': VALIDATION.choice,
    });
    expect(fieldsOf(await create({ sheet: { ...SHEET, character: 'x'.repeat(PERSONA_SHEET_TEXT_MAX + 1) } }))).toEqual({
      'sheet.character': VALIDATION.tooLong,
    });
    expect(fieldsOf(await create({ site_id: 999_999 }))).toEqual({ site_id: VALIDATION.choice });
    expect(fieldsOf(await create({ state: 'retired' }))).toHaveProperty('state');
    const list = await call(staff.admin, 'GET', `${CONSOLE_PERSONAS_PATH}?site_id=${site.siteId}`);
    expect(list.json<PersonaListResponse>().paging.num_results).toBe(0);

    const persona = await createPersona(site.siteId);
    expect(fieldsOf(await call(staff.admin, 'PATCH', personaUrl(persona.id), {}))).toEqual({
      body: VALIDATION.required,
    });
    expect(fieldsOf(await call(staff.admin, 'PATCH', personaUrl(persona.id), { city: 'x'.repeat(256) }))).toEqual({
      city: VALIDATION.tooLong,
    });
    expect(
      fieldsOf(await call(staff.admin, 'PUT', personaUrl(persona.id, '/sheet'), { tone: 'Short.' })),
    ).toHaveProperty('character');
    expect(
      fieldsOf(await call(staff.admin, 'PUT', personaUrl(persona.id, '/state'), { state: 'gone' })),
    ).toHaveProperty('state');
    expect(fieldsOf(await call(staff.admin, 'GET', `${CONSOLE_PERSONAS_PATH}?state=gone&page=0`))).toEqual({
      state: expect.any(String),
      page: VALIDATION.choice,
    });
    expect(fieldsOf(await call(staff.admin, 'GET', personaUrl(0)))).toEqual({ id: VALIDATION.choice });
    expect((await call(staff.admin, 'GET', personaUrl(999_999))).statusCode).toBe(404);
    const real = await insertMember(t.database.db, site.siteId);
    expect((await call(staff.admin, 'GET', personaUrl(real))).statusCode).toBe(404);
    expect((await call(staff.admin, 'PATCH', personaUrl(real), { name: 'Taken over' })).statusCode).toBe(404);
    expect((await call(staff.admin, 'PUT', personaUrl(real, '/state'), { state: 'retired' })).statusCode).toBe(404);
  });

  it('lists personas by site, language, state and name, a page at a time', async () => {
    const site = newSite();
    const now = Date.now();
    // Straight to the table: a page and a bit of personas, and one real member who is never listed.
    await t.database.db
      .insertInto('members')
      .values(
        Array.from({ length: PERSONA_PAGE_SIZE + 2 }, (_, index) => ({
          site_id: site.siteId,
          email: `bulk-${index}-${site.siteId}@${PERSONA_EMAIL_DOMAIN}`,
          email_normalized: `bulk-${index}-${site.siteId}@${PERSONA_EMAIL_DOMAIN}`,
          name: `Bulk ${String(index).padStart(3, '0')}`,
          status: 'active' as const,
          fictional: 1,
          language: 'de',
          signup_at: now,
          last_active_at: now,
        })),
      )
      .execute();
    await insertMember(t.database.db, site.siteId, { name: 'Anna Real' });
    const anna = await createPersona(site.siteId, { name: 'Anneke' });
    const annika = await createPersona(site.siteId, { name: 'Annika', language: 'en', state: 'hidden' });
    const other = await createPersona(newSite().siteId, { name: 'Anouk' });
    await call(staff.admin, 'PUT', personaUrl(anna.id, '/state'), { state: 'retired' });

    const list = async (query: string) => {
      const response = await call(staff.supervisor, 'GET', `${CONSOLE_PERSONAS_PATH}?${query}`);
      expect(response.statusCode).toBe(200);
      return response.json<PersonaListResponse>();
    };
    const first = await list(`site_id=${site.siteId}`);
    expect(first.paging).toEqual({ page: 1, per_page: PERSONA_PAGE_SIZE, num_results: PERSONA_PAGE_SIZE + 4 });
    expect(first.personas.slice(0, 2).map((persona) => persona.name)).toEqual(['Anneke', 'Annika']);
    expect(first.personas[0]).toMatchObject({
      id: anna.id,
      state: 'retired',
      has_sheet: true,
      age: 60,
      main_image: null,
    });
    expect(first.personas[2]).toMatchObject({ name: 'Bulk 000', state: 'active', has_sheet: false, age: null });
    const second = await list(`site_id=${site.siteId}&page=2`);
    expect(second.personas.map((persona) => persona.name)).toEqual([
      `Bulk ${String(PERSONA_PAGE_SIZE - 2).padStart(3, '0')}`,
      `Bulk ${String(PERSONA_PAGE_SIZE - 1).padStart(3, '0')}`,
      `Bulk ${String(PERSONA_PAGE_SIZE).padStart(3, '0')}`,
      `Bulk ${String(PERSONA_PAGE_SIZE + 1).padStart(3, '0')}`,
    ]);

    const names = async (query: string) => (await list(query)).personas.map((persona) => persona.name);
    expect(await names(`site_id=${site.siteId}&q=ANN`)).toEqual(['Anneke', 'Annika']);
    expect(await names(`q=ann`)).toEqual(expect.arrayContaining(['Anneke', 'Annika']));
    expect(await names(`q=anou`)).toContain(other.name);
    expect(await names(`site_id=${site.siteId}&state=hidden`)).toEqual(['Annika']);
    expect(await names(`site_id=${site.siteId}&state=retired`)).toEqual(['Anneke']);
    expect(await names(`site_id=${site.siteId}&language=en`)).toEqual([annika.name]);
    expect(await names(`site_id=${site.siteId}&q=${encodeURIComponent('100%')}`)).toEqual([]);
    expect((await list(`site_id=${site.siteId}&state=active`)).paging.num_results).toBe(PERSONA_PAGE_SIZE + 2);
  });

  it('offers each site with what its persona form needs', async () => {
    const response = await call(staff.admin, 'GET', `${CONSOLE_PERSONAS_PATH}/sites`);
    expect(response.statusCode).toBe(200);
    const site = response.json<{ sites: { id: number }[] }>().sites.find((entry) => entry.id === sitePool[0]!.siteId);
    expect(site).toEqual({
      id: sitePool[0]!.siteId,
      name: `Site ${sitePool[0]!.host}`,
      domain: sitePool[0]!.host,
      domain_language: 'en',
      countries: ['NL', 'BE'],
      region_data: {
        NL: [{ id: regionNH, code: 'NL-NH', name: 'Noord-Holland' }],
        BE: [{ id: regionAntwerp, code: 'BE-VAN', name: 'Antwerpen' }],
      },
      allowed_values: { smoking: ['no', 'yes'] },
      visible_profile_notes: ['about_me'],
      fictional_icon: true,
    });
  });
});
