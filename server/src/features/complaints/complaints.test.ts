import { COMPLAINT_REFERENCE_PATTERN, type ComplaintResponse } from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserHeaders,
  createTestAppWithMail,
  insertMember,
  sessionCookies,
  type TestAppWithMail,
} from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { COMPLAINTS_PER_EMAIL_PER_HOUR, COMPLAINTS_PER_IP_PER_HOUR } from './complaints.routes.js';

const EXPLANATION = 'This profile shows photos of someone else, taken from her public Instagram account.';

describe.each(TEST_DIALECTS)('the complaint form on %s', (dialect) => {
  let t: TestAppWithMail;

  beforeAll(async () => {
    t = await createTestAppWithMail(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  let lastIp = 0;
  /** Each test from an address of its own, so the per-IP limit counts one test's notices. */
  const freshIp = () => `10.0.${Math.floor(++lastIp / 250)}.${lastIp % 250}`;
  const email = () => `reporter-${Math.random().toString(36).slice(2)}@example.test`;

  function complain(payload: object, options: { ip?: string; cookies?: Record<string, string> } = {}) {
    return t.app.inject({
      method: 'POST',
      url: '/api/complaints.php',
      remoteAddress: options.ip ?? freshIp(),
      headers: browserHeaders(options.cookies),
      payload,
    });
  }

  const notice = (overrides: object = {}) => ({
    kind: 'notice',
    subject: 'photo',
    location: 'https://localhost/members/12',
    category: 'privacy',
    explanation: EXPLANATION,
    name: 'Ingrid Visser',
    email: email(),
    good_faith: true,
    ...overrides,
  });

  const stored = (reference: string) =>
    t.database.db
      .selectFrom('moderation_items')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();

  it('stores a notice with its reference and mails the reference to the reporter', async () => {
    const payload = notice({ language: 'nl' });
    const response = await complain(payload);
    expect(response.statusCode).toBe(200);
    const { reference } = response.json<ComplaintResponse>();
    expect(reference).toMatch(COMPLAINT_REFERENCE_PATTERN);

    expect(await stored(reference)).toMatchObject({
      source: 'notice',
      site_id: t.siteId,
      subject: 'photo',
      location: 'https://localhost/members/12',
      category: 'privacy',
      explanation: EXPLANATION,
      reporter_name: 'Ingrid Visser',
      reporter_email: payload.email,
      reporter_member_id: null,
      reporter_language: 'nl',
      good_faith: 1,
      status: 'open',
    });

    const mail = await t.smtp.waitForMail(payload.email);
    expect(mail.subject).toBe(`Je melding bij Site localhost: kenmerk ${reference}`);
    expect(mail.text).toContain('Ingrid Visser');
    expect(mail.text).toContain(reference);
    expect(mail.html).toContain(reference);
  });

  it('accepts a report of a minor without a name or e-mail, and mails no one', async () => {
    const sentBefore = t.smtp.messages.length;
    const response = await complain(notice({ category: 'minor', name: '', email: undefined }));
    expect(response.statusCode).toBe(200);
    const row = await stored(response.json<ComplaintResponse>().reference);
    expect(row).toMatchObject({ category: 'minor', reporter_name: null, reporter_email: null });
    expect(t.smtp.messages).toHaveLength(sentBefore);
  });

  it('answers bad input with 400 and the reason per field, and stores nothing', async () => {
    const count = async () => (await t.database.db.selectFrom('moderation_items').select('id').execute()).length;
    const before = await count();

    const response = await complain(notice({ explanation: '', email: 'not an address', good_faith: false }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      explanation: 'validation.required',
      email: 'validation.email_invalid',
      good_faith: 'complaints.good_faith_required',
    });

    // Outside the one exempt category, a notice needs its sender's name and address (DSA Art. 16(2)(c)).
    const anonymous = await complain(notice({ name: '', email: '' }));
    expect(anonymous.json().error.fields).toEqual({ name: 'validation.required', email: 'validation.required' });
    const vague = await complain(notice({ explanation: 'bad', category: 'whatever', location: ' ' }));
    expect(vague.json().error.fields).toEqual({
      explanation: 'complaints.explanation_short',
      category: 'validation.choice_invalid',
      location: 'validation.required',
    });
    expect((await complain({ kind: 'gossip' })).json().error.fields).toEqual({ kind: 'validation.choice_invalid' });
    expect(await count()).toBe(before);
  });

  it('stores an appeal as an appeal and confirms it', async () => {
    const address = email();
    const response = await complain({
      kind: 'appeal',
      decision: 'RV-7KX2M9QP',
      email: address,
      explanation: 'My account was closed for a fake profile, but these are my own photos.',
    });
    expect(response.statusCode).toBe(200);
    const { reference } = response.json<ComplaintResponse>();
    expect(await stored(reference)).toMatchObject({
      source: 'appeal',
      subject: 'decision',
      location: 'RV-7KX2M9QP',
      category: null,
      reporter_email: address,
      good_faith: 0,
    });
    const mail = await t.smtp.waitForMail(address);
    expect(mail.subject).toBe(`Your objection to Site localhost: reference ${reference}`);

    const missing = await complain({ kind: 'appeal', email: address, explanation: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({
      decision: 'validation.required',
      explanation: 'validation.required',
    });
  });

  it('links a logged-in reporter, the member on this site and their own conversation only', async () => {
    const db = t.database.db;
    const [reporter, reported, stranger] = [
      await insertMember(db, t.siteId, { name: 'Rita' }),
      await insertMember(db, t.siteId),
      await insertMember(db, t.siteId),
    ];
    const elsewhere = await insertMember(db, t.boxySiteId);
    const cookies = await sessionCookies(db, reporter);
    const conversationWith = async (member: number, other: number) => {
      const response = await t.app.inject({
        url: `/api/chat.php?profile=${other}`,
        headers: { ...browserHeaders(await sessionCookies(db, member)), 'sec-fetch-site': 'same-origin' },
      });
      return response.json<{ id: number }>().id;
    };
    const own = await conversationWith(reporter, reported);
    const theirs = await conversationWith(reported, stranger);

    const fromChat = await complain(notice({ subject: 'message', member: reported, conversation: own }), { cookies });
    expect(await stored(fromChat.json<ComplaintResponse>().reference)).toMatchObject({
      reported_member_id: reported,
      conversation_id: own,
      reporter_member_id: reporter,
    });

    // Someone else's conversation and another site's member are kept out; the notice still counts.
    const guessed = await complain(notice({ member: elsewhere, conversation: theirs }), { cookies });
    expect(guessed.statusCode).toBe(200);
    expect(await stored(guessed.json<ComplaintResponse>().reference)).toMatchObject({
      reported_member_id: null,
      conversation_id: null,
    });
  });

  it('limits notices per address and per e-mail address', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let index = 0; index <= COMPLAINTS_PER_IP_PER_HOUR; index++) {
      statuses.push((await complain(notice({ category: 'minor', email: undefined }), { ip })).statusCode);
    }
    expect(statuses.slice(0, COMPLAINTS_PER_IP_PER_HOUR).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);

    const address = email();
    const perEmail: number[] = [];
    for (let index = 0; index <= COMPLAINTS_PER_EMAIL_PER_HOUR; index++) {
      perEmail.push((await complain(notice({ email: address }))).statusCode);
    }
    expect(perEmail.slice(0, COMPLAINTS_PER_EMAIL_PER_HOUR).every((status) => status === 200)).toBe(true);
    expect(perEmail.at(-1)).toBe(429);
  });
});
