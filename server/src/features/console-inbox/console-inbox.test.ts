import {
  CONSOLE_INBOX_PATHS,
  consolePath,
  VALIDATION,
  type ConversationView,
  type LiveEvent,
  type QueueResponse,
  type Snippet,
  type SnippetScope,
  type StaffRole,
  type StatsResponse,
} from '@rendezvous/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant } from '../../ledger/credit-ledger.js';
import type { PushMessage, PushSender } from '../../notifier/web-push-sender.js';
import { createMemoryEventBus } from '../../realtime/event-bus.js';
import { browserHeaders, createTestApp, insertMember, sessionCookies } from '../../test/fixtures.js';
import { openEventStream, waitFor, type SseMessage } from '../../test/sse-client.js';
import { insertStaff, staffCookies } from '../../test/staff-fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

/** testSiteConfig's price of one message. */
const COST = 10;
const P = CONSOLE_INBOX_PATHS;
const SNIPPET_ORDER: SnippetScope[] = ['persona', 'site', 'personal'];

describe.each(TEST_DIALECTS)('the inbox on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const events = createMemoryEventBus();
  const pushed: { memberId: number; message: PushMessage }[] = [];
  const push: PushSender = {
    async send(memberId, message) {
      pushed.push({ memberId, message });
    },
  };

  /** Personas: Dutch and German on the default site, Dutch on the boxy one. */
  let persona: number;
  let germanPersona: number;
  let boxyPersona: number;
  type Staff = { id: number; cookies: Record<string, string> };
  let admin: Staff;
  let supervisor: Staff;
  let operator: Staff;
  let colleague: Staff;

  beforeAll(async () => {
    t = await createTestApp(dialect, { events, push });
    persona = await insertMember(t.database.db, t.siteId, {
      name: 'Lotte',
      fictional: 1,
      language: 'nl',
      city: 'Zeist',
    });
    germanPersona = await insertMember(t.database.db, t.siteId, { name: 'Heidi', fictional: 1, language: 'de' });
    boxyPersona = await insertMember(t.database.db, t.boxySiteId, { name: 'Boxy', fictional: 1, language: 'nl' });
    admin = await staffMember('admin');
    supervisor = await staffMember('supervisor');
    // Replies keep claims, and these two work through most tests: room enough not to fill up.
    operator = await staffMember('operator', { name: 'Olga', capacity: 100 });
    colleague = await staffMember('operator', { name: 'Carl', capacity: 100 });
  });
  afterAll(async () => t.close());

  async function staffMember(
    role: StaffRole,
    options: { name?: string; sites?: number[]; languages?: string[]; capacity?: number } = {},
  ): Promise<Staff> {
    const id = await insertStaff(t.database.db, {
      role,
      name: options.name,
      sites: options.sites ?? [t.siteId],
      languages: options.languages ?? ['nl'],
      capacity: options.capacity,
    });
    return { id, cookies: await staffCookies(t.database.db, id) };
  }

  const db = () => t.database.db;

  /** A member who wrote `messages` to the persona through the members' own calls. */
  async function waitingMember(to = persona, messages = ['Hello there'], siteId = t.siteId) {
    const id = await insertMember(db(), siteId, { name: 'Mia', city: 'Utrecht', date_of_birth: '1970-05-01' });
    await grant(db(), id, 100, 'purchase');
    const cookies = await sessionCookies(db(), id);
    const host = siteId === t.boxySiteId ? 'boxy.localhost' : 'localhost';
    const headers = { ...browserHeaders(cookies), host, 'sec-fetch-site': 'same-origin' };
    const started = await t.app.inject({ url: `/api/chat.php?profile=${to}`, headers });
    expect(started.statusCode).toBe(200);
    const conversation = started.json<{ id: number }>().id;
    for (const body of messages) {
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/messages.php',
        headers,
        payload: { conversation, body },
      });
      expect(sent.statusCode).toBe(200);
    }
    return { id, conversation, cookies };
  }

  const call = (
    who: Staff | Record<string, string> | undefined,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: browserHeaders(who && 'cookies' in who ? (who.cookies as Record<string, string>) : who),
      ...(payload ? { payload } : {}),
    });
  const errorOf = (response: LightMyRequestResponse) => `${response.statusCode} ${response.json().error?.code}`;
  const claim = (who: Staff, conversation: number) => call(who, 'POST', consolePath(P.claim, conversation));
  const reply = (who: Staff, conversation: number, body = 'Hi from Lotte') =>
    call(who, 'POST', consolePath(P.reply, conversation), { body });
  const view = async (who: Staff, conversation: number) => {
    const response = await call(who, 'GET', consolePath(P.conversation, conversation));
    expect(response.statusCode).toBe(200);
    return response.json<ConversationView>();
  };
  const queue = async (who: Staff, query = '') => {
    const response = await call(who, 'GET', `${P.queue}${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<QueueResponse>();
  };
  const auditCount = async () =>
    Number(
      (
        await db()
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Runs `change` and says how many audit rows it wrote, and with which action. */
  async function audited(change: () => Promise<LightMyRequestResponse>, status = 200) {
    const last = await db()
      .selectFrom('audit_log')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const response = await change();
    expect(response.statusCode, response.body).toBe(status);
    const rows = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('id', '>', Number(last?.id ?? 0))
      .orderBy('id')
      .execute();
    return rows.map((row) => row.action);
  }

  it('lets nobody, members and staff without their two-factor code call anything', async () => {
    const { conversation, cookies: memberCookies } = await waitingMember();
    const halfLoggedIn = await staffCookies(db(), operator.id, null);
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['GET', P.queue],
      ['POST', P.next],
      ['GET', P.claims],
      ['GET', consolePath(P.conversation, conversation)],
      ['GET', `${consolePath(P.messages, conversation)}?before=5`],
      ['POST', consolePath(P.claim, conversation)],
      ['DELETE', consolePath(P.claim, conversation)],
      ['POST', consolePath(P.assign, conversation), { staff: operator.id }],
      ['POST', consolePath(P.reply, conversation), { body: 'hi' }],
      ['PUT', consolePath(P.draft, conversation), { body: 'hi' }],
      ['POST', consolePath(P.notes, conversation), { body: 'hi' }],
      ['GET', consolePath(P.conversationSnippets, conversation)],
      ['GET', `${P.snippets}?scope=personal`],
      ['POST', P.snippets, { scope: 'personal', shortcut: 'hi', body: 'Hi' }],
      ['PUT', consolePath(P.snippet, 1), { shortcut: 'hi', body: 'Hi' }],
      ['DELETE', consolePath(P.snippet, 1)],
      ['GET', consolePath(P.siteSettings, t.siteId)],
      ['PUT', consolePath(P.siteSettings, t.siteId), { answer_target_seconds: 300, claim_idle_seconds: 600 }],
      ['GET', P.stats],
      ['GET', P.events],
    ];
    const auditBefore = await auditCount();
    for (const [method, url, payload] of calls) {
      expect(errorOf(await call(undefined, method, url, payload)), `${method} ${url}`).toBe('403 not_logged_in');
      expect(errorOf(await call(memberCookies, method, url, payload)), `${method} ${url}`).toBe('403 not_logged_in');
      expect(errorOf(await call(halfLoggedIn, method, url, payload)), `${method} ${url}`).toBe(
        '403 two_factor_required',
      );
    }
    expect(await auditCount()).toBe(auditBefore);
    expect((await view(operator, conversation)).claim).toBeNull();
  });

  it('gives each role exactly its calls', async () => {
    const expected: Record<string, Partial<Record<StaffRole, number>>> = {
      assign: { operator: 403, supervisor: 200, admin: 200 },
      stats: { operator: 403, supervisor: 200, admin: 200 },
      siteSnippet: { operator: 403, supervisor: 200, admin: 200 },
      personaSnippet: { operator: 403, supervisor: 200, admin: 200 },
      settingsRead: { operator: 403, supervisor: 403, admin: 200 },
      settingsWrite: { operator: 403, supervisor: 403, admin: 200 },
    };
    for (const [role, who] of [
      ['operator', await staffMember('operator')],
      ['supervisor', await staffMember('supervisor')],
      ['admin', await staffMember('admin')],
    ] as const) {
      const { conversation } = await waitingMember();
      const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
        const response = await call(who, method, url, payload);
        expect(response.statusCode, `${role} ${method} ${url}: ${response.body}`).toBe(200);
        return response;
      };
      const status = async (name: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
        const response = await call(who, method, url, payload);
        expect(response.statusCode, `${role} ${name}: ${response.body}`).toBe(expected[name]![role]);
        if (response.statusCode === 403) expect(response.json().error.code).toBe('forbidden');
      };

      await ok('GET', P.queue);
      await ok('GET', P.claims);
      await ok('GET', consolePath(P.conversation, conversation));
      await ok('GET', `${consolePath(P.messages, conversation)}?before=1`);
      await ok('POST', consolePath(P.claim, conversation));
      await ok('PUT', consolePath(P.draft, conversation), { body: 'Dear' });
      await ok('POST', consolePath(P.notes, conversation), { body: 'Likes dogs' });
      await ok('GET', consolePath(P.conversationSnippets, conversation));
      await ok('POST', consolePath(P.reply, conversation), { body: 'Hello you' });
      await ok('DELETE', consolePath(P.claim, conversation));
      await ok('POST', P.next);
      const own = await ok('POST', P.snippets, { scope: 'personal', shortcut: 'mine', body: 'Mine' });
      const ownId = own.json().snippet.id;
      await ok('GET', `${P.snippets}?scope=personal`);
      await ok('PUT', consolePath(P.snippet, ownId), { shortcut: 'mine', body: 'Still mine' });
      await ok('DELETE', consolePath(P.snippet, ownId));
      await status('assign', 'POST', consolePath(P.assign, conversation), { staff: who.id });
      await status('stats', 'GET', P.stats);
      await status('siteSnippet', 'POST', P.snippets, { scope: 'site', site: t.siteId, shortcut: 'hi', body: 'Hi' });
      await status('personaSnippet', 'POST', P.snippets, {
        scope: 'persona',
        persona,
        shortcut: 'hi',
        body: 'Hi',
      });
      await status('settingsRead', 'GET', consolePath(P.siteSettings, t.siteId));
      await status('settingsWrite', 'PUT', consolePath(P.siteSettings, t.siteId), {
        answer_target_seconds: 300,
        claim_idle_seconds: 600,
      });
      // Let the next role's take-next find its own conversation, not a leftover.
      await call(who, 'DELETE', consolePath(P.claim, conversation));
    }
  });

  it('hides conversations outside the operator’s sites and languages', async () => {
    const german = await waitingMember(germanPersona);
    const boxy = await waitingMember(boxyPersona, ['Hoi'], t.boxySiteId);
    const dutch = await waitingMember();
    const items = (await queue(operator)).items.map((item) => item.conversation);
    expect(items).toContain(dutch.conversation);
    expect(items).not.toContain(german.conversation);
    expect(items).not.toContain(boxy.conversation);

    for (const conversation of [german.conversation, boxy.conversation]) {
      expect(errorOf(await call(operator, 'GET', consolePath(P.conversation, conversation)))).toBe('404 not_found');
      expect(errorOf(await claim(operator, conversation))).toBe('404 not_found');
      expect(errorOf(await reply(operator, conversation))).toBe('404 not_found');
    }
    // A member's own conversation with another member is no inbox conversation at all.
    const other = await waitingMember();
    const person = await t.app.inject({
      url: `/api/chat.php?profile=${dutch.id}`,
      headers: { ...browserHeaders(other.cookies), 'sec-fetch-site': 'same-origin' },
    });
    expect(errorOf(await call(supervisor, 'GET', consolePath(P.conversation, person.json().id)))).toBe('404 not_found');

    const everything = (await queue(supervisor)).items.map((item) => item.conversation);
    expect(everything).toEqual(expect.arrayContaining([german.conversation, boxy.conversation, dutch.conversation]));
    const bySite = (await queue(supervisor, `?site=${t.boxySiteId}`)).items.map((item) => item.conversation);
    expect(bySite).toContain(boxy.conversation);
    expect(bySite).not.toContain(dutch.conversation);
    const byLanguage = (await queue(supervisor, '?language=de')).items.map((item) => item.conversation);
    expect(byLanguage).toEqual([german.conversation]);
  });

  it('lists the queue oldest wait first, with counters and the answer target', async () => {
    const older = await waitingMember(persona, ['First', 'Second']);
    const newer = await waitingMember();
    // The older member has waited an hour: past the default five-minute target.
    await db()
      .updateTable('messages')
      .set({ created_at: Date.now() - 3_600_000 })
      .where('conversation_id', '=', older.conversation)
      .where('body', '=', 'First')
      .execute();
    const { items, counters, now } = await queue(operator);
    const mine = items.filter((item) => [older.conversation, newer.conversation].includes(item.conversation));
    expect(mine.map((item) => item.conversation)).toEqual([older.conversation, newer.conversation]);
    expect(mine[0]).toMatchObject({
      site_id: t.siteId,
      language: 'nl',
      persona: { id: persona, name: 'Lotte', city: 'Zeist' },
      member: { id: older.id, name: 'Mia', city: 'Utrecht' },
      waiting_messages: 2,
      last_message: { body: 'Second' },
      past_target: true,
      claim: null,
    });
    expect(mine[1]?.past_target).toBe(false);
    expect(Date.parse(now) - Date.parse(mine[0]!.waiting_since)).toBeGreaterThanOrEqual(3_600_000);
    // The operator's counters cover their one site.
    expect(counters).toHaveLength(1);
    expect(counters[0]).toMatchObject({ site_id: t.siteId, answer_target_seconds: 300, claim_idle_seconds: 600 });
    expect(counters[0]!.waiting).toBe(items.length);
    expect(counters[0]!.past_target).toBeGreaterThanOrEqual(1);
    expect(counters[0]!.oldest_waiting_since).toBe(items[0]!.waiting_since);
  });

  it('lets exactly one of two operators claim a conversation at once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { conversation } = await waitingMember();
      const [first, second] = await Promise.all([claim(operator, conversation), claim(colleague, conversation)]);
      const statuses = [first.statusCode, second.statusCode].sort();
      expect(statuses).toEqual([200, 409]);
      const [won, lost] = first.statusCode === 200 ? [first, second] : [second, first];
      const winner = won.json().claim.staff;
      expect(lost.json().error).toMatchObject({ code: 'claimed_by_other', holder: winner });
      const rows = await db()
        .selectFrom('conversation_claims')
        .selectAll()
        .where('conversation_id', '=', conversation)
        .execute();
      expect(rows.map((row) => row.staff_id)).toEqual([winner.id]);
      await call(winner.id === operator.id ? operator : colleague, 'DELETE', consolePath(P.claim, conversation));
    }
  });

  it('gives one waiting conversation to one of two operators taking the next at once', async () => {
    // A language of their own: nothing else waits in their queue.
    const polish = await insertMember(db(), t.boxySiteId, { name: 'Ola', fictional: 1, language: 'pl' });
    const a = await staffMember('operator', { sites: [t.boxySiteId], languages: ['pl'] });
    const b = await staffMember('operator', { sites: [t.boxySiteId], languages: ['pl'] });
    const { conversation } = await waitingMember(polish, ['Anyone?'], t.boxySiteId);
    const answers = await Promise.all([call(a, 'POST', P.next), call(b, 'POST', P.next)]);
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200]);
    const claims = answers.map((response) => response.json().claim);
    expect(claims.filter((taken) => taken !== null)).toEqual([
      { conversation, claim: expect.objectContaining({ staff: expect.objectContaining({}) }) },
    ]);
    expect((await call(a, 'POST', P.next)).json()).toEqual({ claim: null });
  });

  it('lets only the holder reply; others are told who holds it', async () => {
    const { conversation } = await waitingMember();
    expect(errorOf(await reply(operator, conversation))).toBe('409 claim_required');
    expect((await claim(operator, conversation)).statusCode).toBe(200);
    const refused = await reply(colleague, conversation);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'claimed_by_other', holder: { id: operator.id, name: 'Olga' } });
    const releasedByOther = await call(colleague, 'DELETE', consolePath(P.claim, conversation));
    expect(releasedByOther.json().error.code).toBe('claimed_by_other');
    expect((await reply(operator, conversation)).statusCode).toBe(200);
    // The reply keeps the claim: the member's answer comes back to the same operator.
    expect((await view(colleague, conversation)).claim?.staff.id).toBe(operator.id);
  });

  it('sends the reply as the persona, free, to the member’s stream, unread count and push', async () => {
    const member = await waitingMember(persona, ['Are you there?']);
    const live: LiveEvent[] = [];
    const stopListening = events.subscribe(member.id, (event) => live.push(event));
    await claim(operator, member.conversation);
    const balanceBefore = await balanceOf(member.id);
    const answer = await reply(operator, member.conversation, 'Yes, I am!');
    expect(answer.statusCode).toBe(200);
    const { message } = answer.json();
    expect(message).toMatchObject({ from: 'persona', body: 'Yes, I am!', written_by: { id: operator.id } });

    const stored = await db().selectFrom('messages').selectAll().where('id', '=', message.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ sender_id: persona, written_by_staff_id: operator.id, credits: 0 });
    const waiting = await db()
      .selectFrom('messages')
      .select('id')
      .where('conversation_id', '=', member.conversation)
      .where('awaiting_operator', '=', 1)
      .execute();
    expect(waiting).toEqual([]);
    expect(live).toContainEqual({
      type: 'message',
      message: {
        id: message.id,
        conversation: member.conversation,
        from: persona,
        body: 'Yes, I am!',
        created_at: message.created_at,
      },
    });
    // What the member's own calls show: the answer, unread, and nothing about the operator.
    const memberHeaders = { ...browserHeaders(member.cookies), 'sec-fetch-site': 'same-origin' };
    const chats = (await t.app.inject({ url: '/api/chats.php', headers: memberHeaders })).json().chats;
    expect(chats[0]).toMatchObject({ conversation: { id: member.conversation }, num_unread_messages: 1 });
    const page = await t.app.inject({
      url: `/api/messages.php?conversation=${member.conversation}`,
      headers: memberHeaders,
    });
    expect(page.body).not.toContain('written_by');
    expect(page.body).not.toContain('Olga');
    // Members never pay for what they receive.
    expect(await balanceOf(member.id)).toBe(balanceBefore);
    expect(await balanceOf(persona)).toBe(0);
    stopListening();

    // With no tab open, the next answer is pushed.
    const pushesBefore = pushed.length;
    expect((await reply(operator, member.conversation, 'Still here?')).statusCode).toBe(200);
    await waitFor(() => pushed.length > pushesBefore);
    expect(pushed.at(-1)).toMatchObject({
      memberId: member.id,
      message: { url: `/chats/${member.conversation}`, tag: `chat-${member.conversation}` },
    });
    expect(pushed.at(-1)!.message.body).toContain('Lotte');
  });

  async function balanceOf(id: number) {
    return (await db().selectFrom('members').select('credits').where('id', '=', id).executeTakeFirstOrThrow()).credits;
  }

  it('refuses a reply nothing can reach: a member who blocked the persona', async () => {
    const member = await waitingMember();
    await claim(operator, member.conversation);
    await db().insertInto('blocks').values({ member_id: member.id, blocked_id: persona, created_at: 1 }).execute();
    expect(errorOf(await reply(operator, member.conversation))).toBe('403 blocked');
    expect((await view(operator, member.conversation)).can_reply).toBe(false);
    expect((await queue(operator)).items.map((item) => item.conversation)).not.toContain(member.conversation);
  });

  it('frees a claim once it lies idle past the site’s idle time', async () => {
    const { conversation } = await waitingMember();
    await claim(operator, conversation);
    expect(errorOf(await claim(colleague, conversation))).toBe('409 claimed_by_other');
    await db()
      .updateTable('conversation_claims')
      .set({ active_at: Date.now() - 601_000 })
      .where('conversation_id', '=', conversation)
      .execute();
    const item = (await queue(colleague)).items.find((entry) => entry.conversation === conversation);
    expect(item?.claim).toBeNull();
    expect(errorOf(await reply(operator, conversation))).toBe('409 claim_required');
    expect((await claim(colleague, conversation)).json().claim.staff.id).toBe(colleague.id);
  });

  it('refuses to take more than the operator’s capacity', async () => {
    const italian = await insertMember(db(), t.boxySiteId, { name: 'Gia', fictional: 1, language: 'it' });
    const busy = await staffMember('operator', { capacity: 1, sites: [t.boxySiteId], languages: ['it'] });
    const first = await waitingMember(italian, ['One'], t.boxySiteId);
    const second = await waitingMember(italian, ['Two'], t.boxySiteId);
    expect((await call(busy, 'POST', P.next)).json().claim.conversation).toBe(first.conversation);
    expect(errorOf(await call(busy, 'POST', P.next))).toBe('409 capacity_reached');
    expect(errorOf(await claim(busy, second.conversation))).toBe('409 capacity_reached');
    expect((await call(busy, 'DELETE', consolePath(P.claim, first.conversation))).statusCode).toBe(200);
    expect((await call(busy, 'POST', P.next)).json().claim.conversation).toBe(first.conversation);
    await call(busy, 'DELETE', consolePath(P.claim, first.conversation));
  });

  it('lets a supervisor move, take over and release any claim, within the new holder’s scope', async () => {
    const { conversation } = await waitingMember();
    await claim(operator, conversation);
    expect(
      await audited(() => call(supervisor, 'POST', consolePath(P.assign, conversation), { staff: colleague.id })),
    ).toEqual(['inbox.reassign']);
    expect((await view(operator, conversation)).claim?.staff.id).toBe(colleague.id);
    const german = await staffMember('operator', { languages: ['de'] });
    const refused = await call(supervisor, 'POST', consolePath(P.assign, conversation), { staff: german.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ staff: VALIDATION.choice });
    expect(
      await audited(() => call(supervisor, 'POST', consolePath(P.assign, conversation), { staff: supervisor.id })),
    ).toEqual(['inbox.take_over']);
    expect(await audited(() => call(supervisor, 'DELETE', consolePath(P.claim, conversation)))).toEqual([
      'inbox.release',
    ]);
    expect((await view(operator, conversation)).claim).toBeNull();
  });

  it('writes one audit row for each change, and none for drafts or reads', async () => {
    const { conversation, id: memberId } = await waitingMember();
    expect(await audited(() => claim(operator, conversation))).toEqual(['inbox.claim']);
    expect(await audited(() => claim(operator, conversation))).toEqual([]);
    expect(await audited(() => call(operator, 'PUT', consolePath(P.draft, conversation), { body: 'Dra' }))).toEqual([]);
    expect(await audited(() => reply(operator, conversation))).toEqual(['inbox.reply']);
    expect(await audited(() => call(operator, 'POST', consolePath(P.notes, conversation), { body: 'Widow' }))).toEqual([
      'inbox.note',
    ]);
    expect(await audited(() => call(operator, 'GET', consolePath(P.conversation, conversation)))).toEqual([]);
    expect(await audited(() => call(operator, 'DELETE', consolePath(P.claim, conversation)))).toEqual([
      'inbox.release',
    ]);
    let snippetId = 0;
    expect(
      await audited(async () => {
        const response = await call(supervisor, 'POST', P.snippets, {
          scope: 'persona',
          persona,
          shortcut: 'bye',
          body: 'Bye {member.name}',
        });
        snippetId = response.json().snippet.id;
        return response;
      }),
    ).toEqual(['snippet.create']);
    expect(
      await audited(() =>
        call(supervisor, 'PUT', consolePath(P.snippet, snippetId), { shortcut: 'bye', body: 'Ciao' }),
      ),
    ).toEqual(['snippet.update']);
    expect(await audited(() => call(supervisor, 'DELETE', consolePath(P.snippet, snippetId)))).toEqual([
      'snippet.delete',
    ]);
    expect(
      await audited(() =>
        call(admin, 'PUT', consolePath(P.siteSettings, t.boxySiteId), {
          answer_target_seconds: 120,
          claim_idle_seconds: 900,
        }),
      ),
    ).toEqual(['settings.update']);
    const note = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'inbox.note')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({
      staff_id: operator.id,
      target_type: 'member',
      target_id: memberId,
      site_id: t.siteId,
      ip: '127.0.0.1',
    });
  });

  it('keeps a draft per operator and conversation until it is sent', async () => {
    const { conversation } = await waitingMember();
    await claim(operator, conversation);
    const saved = await call(operator, 'PUT', consolePath(P.draft, conversation), { body: 'Dear Mia, ' });
    expect(saved.json().draft.body).toBe('Dear Mia, ');
    expect((await view(operator, conversation)).draft?.body).toBe('Dear Mia, ');
    expect((await view(colleague, conversation)).draft).toBeNull();
    expect((await call(operator, 'PUT', consolePath(P.draft, conversation), { body: '  ' })).json()).toEqual({
      draft: null,
    });
    expect((await view(operator, conversation)).draft).toBeNull();
    await call(operator, 'PUT', consolePath(P.draft, conversation), { body: 'Dear Mia, how' });
    await reply(operator, conversation, 'Dear Mia, how are you?');
    expect((await view(operator, conversation)).draft).toBeNull();
    const tooLong = await call(operator, 'PUT', consolePath(P.draft, conversation), { body: 'x'.repeat(2001) });
    expect(tooLong.json().error.fields).toEqual({ body: VALIDATION.tooLong });
  });

  it('shows the whole conversation, the persona sheet and the member panel', async () => {
    const member = await waitingMember(persona, ['Hi Lotte']);
    await db()
      .insertInto('persona_sheets')
      .values({
        member_id: persona,
        character: 'Warm',
        tone: 'Playful',
        facts: 'Has a cat',
        avoid: 'Politics',
        updated_at: 1,
      })
      .onConflict((oc) => oc.column('member_id').doNothing())
      .execute();
    // Another persona of the site, blocked by the member; and a report about the member.
    const other = await insertMember(db(), t.siteId, { name: 'Sanne', fictional: 1, language: 'nl' });
    const otherChat = await t.app.inject({
      url: `/api/chat.php?profile=${other}`,
      headers: { ...browserHeaders(member.cookies), 'sec-fetch-site': 'same-origin' },
    });
    await db().insertInto('blocks').values({ member_id: member.id, blocked_id: other, created_at: 5 }).execute();
    await db()
      .insertInto('moderation_items')
      .values({
        reference: 'RV-ABCDEFGH',
        source: 'report',
        site_id: t.siteId,
        subject: 'profile',
        reported_member_id: member.id,
        category: 'spam',
        status: 'open',
        created_at: 7,
      })
      .execute();
    await claim(operator, member.conversation);
    await call(operator, 'POST', consolePath(P.notes, member.conversation), { body: 'Has grandchildren' });
    await reply(operator, member.conversation, 'Hello Mia');

    const shown = await view(colleague, member.conversation);
    expect(shown.messages.map((message) => [message.from, message.body, message.written_by?.name ?? null])).toEqual([
      ['member', 'Hi Lotte', null],
      ['persona', 'Hello Mia', 'Olga'],
    ]);
    expect(shown.persona).toMatchObject({
      id: persona,
      name: 'Lotte',
      language: 'nl',
      sheet: { character: 'Warm', avoid: 'Politics' },
    });
    expect(shown.member).toMatchObject({
      id: member.id,
      name: 'Mia',
      age: expect.any(Number),
      city: 'Utrecht',
      language: 'en',
      credits: 100 - COST,
      credits_spent: COST,
      paid_user: false,
      other_conversations: [
        { conversation: otherChat.json().id, persona: { id: other, name: 'Sanne' }, waiting: false },
      ],
      blocks: { by_member: [{ other: { id: other, name: 'Sanne', fictional: true } }], of_member: [] },
      reports: [{ reference: 'RV-ABCDEFGH', source: 'report', category: 'spam', status: 'open' }],
      notes: [{ body: 'Has grandchildren', staff: { id: operator.id, name: 'Olga' } }],
    });
    expect(shown).toMatchObject({
      waiting_since: null,
      past_target: false,
      can_reply: true,
      claim: { staff: { id: operator.id } },
    });
  });

  it('offers snippets of the persona, the site and one’s own, and guards who changes them', async () => {
    const { conversation } = await waitingMember();
    const create = (who: Staff, payload: object) => call(who, 'POST', P.snippets, payload);
    const personaSnippet = (
      await create(supervisor, {
        scope: 'persona',
        persona,
        shortcut: 'hi',
        body: 'Hi {member.name}, {persona.name} here',
      })
    ).json().snippet;
    const siteSnippet = (await create(admin, { scope: 'site', site: t.siteId, shortcut: 'bye', body: 'Bye!' })).json()
      .snippet;
    const mine = (await create(operator, { scope: 'personal', shortcut: 'xo', body: 'xoxo' })).json().snippet;
    await create(colleague, { scope: 'personal', shortcut: 'theirs', body: 'Not yours' });
    await create(admin, { scope: 'site', site: t.boxySiteId, shortcut: 'boxy', body: 'Elsewhere' });

    const listed: Snippet[] = (await call(operator, 'GET', consolePath(P.conversationSnippets, conversation))).json()
      .snippets;
    const ours = [personaSnippet.id, siteSnippet.id, mine.id];
    expect(listed.map((snippet) => snippet.id).filter((id) => ours.includes(id))).toEqual(ours);
    // The persona's first, then the site's, then one's own; nobody else's, no other site's.
    const scopes = listed.map((snippet) => snippet.scope);
    expect(scopes).toEqual([...scopes].sort((a, b) => SNIPPET_ORDER.indexOf(a) - SNIPPET_ORDER.indexOf(b)));
    expect(listed.filter((snippet) => snippet.scope === 'personal').map((snippet) => snippet.id)).toEqual([mine.id]);
    expect(listed.every((snippet) => snippet.scope !== 'site' || snippet.site_id === t.siteId)).toBe(true);

    expect(
      errorOf(await call(operator, 'PUT', consolePath(P.snippet, siteSnippet.id), { shortcut: 'bye', body: 'x' })),
    ).toBe('403 forbidden');
    expect(errorOf(await call(operator, 'DELETE', consolePath(P.snippet, personaSnippet.id)))).toBe('403 forbidden');
    expect(errorOf(await call(colleague, 'DELETE', consolePath(P.snippet, mine.id)))).toBe('404 not_found');
    expect(errorOf(await call(supervisor, 'PUT', consolePath(P.snippet, mine.id), { shortcut: 'xo', body: 'x' }))).toBe(
      '404 not_found',
    );

    const invalid = await create(operator, { scope: 'personal', shortcut: 'two words', body: 'Hi {member.nmae}' });
    expect(invalid.json().error.fields).toEqual({
      shortcut: VALIDATION.snippetShortcut,
      body: VALIDATION.snippetVariable,
    });
    const noPersona = await create(supervisor, { scope: 'persona', persona: 999_999, shortcut: 'x', body: 'x' });
    expect(noPersona.json().error.fields).toEqual({ persona: VALIDATION.choice });
    const noSite = await call(operator, 'GET', `${P.snippets}?scope=site`);
    expect(noSite.statusCode).toBe(400);
    expect(noSite.json().error.fields).toHaveProperty('site');
    expect((await call(operator, 'GET', `${P.snippets}?scope=site&site=${t.boxySiteId}`)).statusCode).toBe(404);
    const personaLevel: Snippet[] = (
      await call(operator, 'GET', `${P.snippets}?scope=persona&persona=${persona}`)
    ).json().snippets;
    expect(personaLevel.map((snippet) => snippet.id)).toContain(personaSnippet.id);
    expect(personaLevel.every((snippet) => snippet.persona_id === persona)).toBe(true);
    expect((await call(operator, 'GET', `${P.snippets}?scope=persona&persona=${germanPersona}`)).statusCode).toBe(404);
  });

  it('keeps console settings per site, with defaults and bounds', async () => {
    const fresh = await call(admin, 'GET', consolePath(P.siteSettings, t.siteId));
    expect(fresh.json()).toMatchObject({ site_id: t.siteId, answer_target_seconds: 300, claim_idle_seconds: 600 });
    const refused = await call(admin, 'PUT', consolePath(P.siteSettings, t.siteId), {
      answer_target_seconds: 10,
      claim_idle_seconds: 'x',
    });
    expect(refused.json().error.fields).toEqual({
      answer_target_seconds: VALIDATION.outOfRange,
      claim_idle_seconds: VALIDATION.required,
    });
    expect((await call(admin, 'GET', consolePath(P.siteSettings, 999_999))).statusCode).toBe(404);
    const saved = await call(admin, 'PUT', consolePath(P.siteSettings, t.siteId), {
      answer_target_seconds: 60,
      claim_idle_seconds: 600,
    });
    expect(saved.json()).toMatchObject({
      answer_target_seconds: 60,
      claim_idle_seconds: 600,
      updated_at: expect.any(String),
    });
    expect((await queue(operator)).counters[0]).toMatchObject({ answer_target_seconds: 60 });
    await call(admin, 'PUT', consolePath(P.siteSettings, t.siteId), {
      answer_target_seconds: 300,
      claim_idle_seconds: 600,
    });
  });

  it('shows supervisors who is online, what they hold and how fast they answer', async () => {
    const fast = await staffMember('operator', { name: 'Fast', sites: [t.boxySiteId] });
    const { conversation } = await waitingMember(boxyPersona, ['Quick?'], t.boxySiteId);
    await db()
      .updateTable('messages')
      .set({ created_at: Date.now() - 90_000 })
      .where('conversation_id', '=', conversation)
      .execute();
    await claim(fast, conversation);
    await reply(fast, conversation, 'Quick!');
    const stats = (await call(supervisor, 'GET', `${P.stats}?hours=2`)).json<StatsResponse>();
    expect(stats.hours).toBe(2);
    const row = stats.operators.find((entry) => entry.staff.id === fast.id);
    expect(row).toMatchObject({ online: true, claims: 1, answers: 1, answers_per_hour: 0.5, capacity: 5 });
    expect(row!.median_answer_seconds).toBeGreaterThanOrEqual(90);
    expect(row!.median_answer_seconds).toBeLessThan(120);
    const site = stats.sites.find((entry) => entry.counters.site_id === t.boxySiteId);
    expect(site?.answers).toBeGreaterThanOrEqual(1);
    expect(stats.claims.map((entry) => entry.conversation)).toContain(conversation);
    expect((await call(supervisor, 'GET', `${P.stats}?hours=0`)).json().error.fields).toEqual({
      hours: VALIDATION.outOfRange,
    });
  });

  it('streams the queue’s changes to staff, each only within their scope', async () => {
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const german = await staffMember('operator', { languages: ['de'] });
    const open = (who: Staff) => openEventStream(`${base}${P.events}`, browserHeaders(who.cookies));
    const [mine, theirs] = [await open(operator), await open(german)];
    try {
      expect(mine.status).toBe(200);
      expect(mine.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      const { conversation } = await waitingMember(persona, ['Anyone there?']);
      const ofThis = (message: SseMessage) => JSON.parse(message.data).conversation === conversation;
      const waiting = JSON.parse((await mine.next(ofThis)).data);
      expect(waiting).toMatchObject({ type: 'waiting', conversation, site_id: t.siteId, language: 'nl' });
      await claim(colleague, conversation);
      expect(JSON.parse((await mine.next(ofThis)).data)).toMatchObject({
        type: 'claim',
        claim: { staff: { id: colleague.id, name: 'Carl' } },
      });
      await reply(colleague, conversation);
      expect(JSON.parse((await mine.next(ofThis)).data)).toMatchObject({
        type: 'answered',
        staff: { id: colleague.id },
      });
      await call(colleague, 'DELETE', consolePath(P.claim, conversation));
      expect(JSON.parse((await mine.next(ofThis)).data)).toMatchObject({ type: 'claim', claim: null });
      // A German persona's news reaches the German operator only.
      const other = await waitingMember(germanPersona, ['Hallo?']);
      expect(JSON.parse((await theirs.next()).data)).toMatchObject({
        type: 'waiting',
        conversation: other.conversation,
      });
      expect(theirs.messages.map((message) => JSON.parse(message.data).conversation)).toEqual([other.conversation]);
      expect(mine.messages.some((message) => JSON.parse(message.data).conversation === other.conversation)).toBe(false);
    } finally {
      mine.close();
      theirs.close();
    }
  });
});
