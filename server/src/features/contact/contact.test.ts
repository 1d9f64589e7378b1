import { CONTACT_MESSAGE_MAX, CONTACT_PATH } from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserHeaders,
  createTestAppWithMail,
  insertMember,
  sessionCookies,
  type TestAppWithMail,
} from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { CONTACT_MESSAGES_PER_HOUR } from './contact.routes.js';

const SUPPORT = 'support@localhost.test';

describe.each(TEST_DIALECTS)('the contact form on %s', (dialect) => {
  let t: TestAppWithMail;

  beforeAll(async () => {
    t = await createTestAppWithMail(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  // Each call from its own address unless a test says otherwise, so the per-IP limit stays out of the way.
  let address = 0;
  const send = (payload: unknown, cookies: Record<string, string> = {}, remoteAddress = `10.1.0.${(address += 1)}`) =>
    t.app.inject({
      method: 'POST',
      url: CONTACT_PATH,
      headers: browserHeaders(cookies),
      payload: payload as object,
      remoteAddress,
    });

  const deliveries = (recipient: string) =>
    t.database.db.selectFrom('mail_deliveries').selectAll().where('recipient', '=', recipient).orderBy('id').execute();

  it("mails a visitor's message to support, answerable straight to them, and confirms it in their language", async () => {
    const response = await send({
      name: 'Gerda <b>',
      email: 'gerda@example.test',
      subject: 'Where are my credits?',
      message: 'I paid this morning.\nThe credits have not arrived <yet>.',
      language: 'nl',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sent: true });

    const toSupport = await t.smtp.waitForMail(SUPPORT);
    expect(toSupport.subject).toBe('[Site localhost] Where are my credits?');
    expect(toSupport.replyTo?.value[0]?.address).toBe('gerda@example.test');
    expect(toSupport.text).toContain('> I paid this morning.\n> The credits have not arrived <yet>.');
    expect(toSupport.text).toContain('Gerda <b> (gerda@example.test)');
    // The sender's words reach support's HTML view as text, never as markup.
    expect(toSupport.html).toContain('The credits have not arrived &lt;yet&gt;.');
    expect(toSupport.html).not.toContain('<b>');

    const confirmation = await t.smtp.waitForMail('gerda@example.test');
    expect(confirmation.subject).toBe('We hebben je bericht aan Site localhost ontvangen');
    expect(confirmation.text).toContain('Hallo Gerda <b>,');
    // The confirmation repeats nothing the sender wrote but their name, so it cannot carry someone's text to a stranger.
    expect(confirmation.text).not.toContain('credits');

    expect((await deliveries(SUPPORT)).map((row) => row.kind)).toContain('contact_request');
    expect(await deliveries('gerda@example.test')).toMatchObject([
      { kind: 'contact_confirmation', accepted: 1, member_id: null },
    ]);
  });

  it("takes a member's name and address from the session, whatever the body says", async () => {
    const id = await insertMember(t.database.db, t.siteId, {
      email: 'hanneke@example.test',
      name: 'Hanneke',
      language: 'de',
    });
    const response = await send(
      { subject: 'Photo question', message: 'Why was my photo refused?', name: 'Someone', email: 'else@example.test' },
      await sessionCookies(t.database.db, id),
    );
    expect(response.statusCode).toBe(200);

    const toSupport = await t.smtp.waitForMail(SUPPORT);
    expect(toSupport.subject).toBe('[Site localhost] Photo question');
    expect(toSupport.replyTo?.value[0]?.address).toBe('hanneke@example.test');
    expect(toSupport.text).toContain(`Hanneke (hanneke@example.test)`);
    expect(toSupport.text).toContain(`Account: #${id}.`);

    // No language in the body: the member's own.
    const confirmation = await t.smtp.waitForMail('hanneke@example.test');
    expect(confirmation.subject).toBe('Wir haben Ihre Nachricht an Site localhost erhalten');
    expect(await deliveries('else@example.test')).toEqual([]);
    expect(await deliveries('hanneke@example.test')).toMatchObject([{ kind: 'contact_confirmation', member_id: id }]);
  });

  it('answers bad input with 400 and the fields, and sends nothing', async () => {
    const fieldsOf = async (payload: unknown, cookies?: Record<string, string>) => {
      const response = await send(payload, cookies);
      expect(response.statusCode).toBe(400);
      return Object.keys(response.json<{ error: { fields: Record<string, string> } }>().error.fields).sort();
    };
    const before = t.smtp.messages.length;
    expect(await fieldsOf({})).toEqual(['email', 'message', 'name', 'subject']);
    expect(await fieldsOf({ name: 'A', email: 'not-an-address', subject: 'Hi', message: 'Hello' })).toEqual(['email']);
    expect(
      await fieldsOf({
        name: 'A',
        email: 'a@example.test',
        subject: 'Hi',
        message: 'x'.repeat(CONTACT_MESSAGE_MAX + 1),
      }),
    ).toEqual(['message']);
    expect(
      await fieldsOf({ name: 'A', email: 'a@example.test', subject: 'Hi\nBcc: x@example.test', message: 'Hi' }),
    ).toEqual(['subject']);
    const member = await insertMember(t.database.db, t.siteId);
    expect(await fieldsOf({ subject: '  ', message: 'Hello' }, await sessionCookies(t.database.db, member))).toEqual([
      'subject',
    ]);
    expect(t.smtp.messages.length).toBe(before);
  });

  it('refuses a flood from one address with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= CONTACT_MESSAGES_PER_HOUR; i += 1) {
      const response = await send(
        { name: 'Flood', email: `flood-${i}@example.test`, subject: `Try ${i}`, message: 'Hello' },
        {},
        '10.9.9.9',
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, CONTACT_MESSAGES_PER_HOUR).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('refuses a call without the CSRF header', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: CONTACT_PATH,
      payload: { name: 'A', email: 'a@example.test', subject: 'Hi', message: 'Hello' },
    });
    expect(response.statusCode).toBe(403);
  });
});
