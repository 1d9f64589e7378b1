import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCALES } from '@rendezvous/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { browserHeaders, createTestApp, insertMember, insertSite, testSiteConfig } from '../../test/fixtures.js';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/test-database.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp-server.js';
import { createLocalMailbox } from '../../platform/mail/local-mailbox.js';
import { createLocalMailer, createMailer } from '../../platform/mail/mailer.js';
import { createMailService, formatFromAddress, type MailMessage } from '../../platform/mail/mail.service.js';
import { MAIL_CATALOGUES, MAIL_KINDS, renderMail, type MailKind } from '../../platform/mail/mail-templates.js';

const LINK = 'https://rendezvous.test/api/activate.php?token=abc123';

const silentLog = () => ({ warn: vi.fn(), error: vi.fn() });

function message(overrides: Partial<MailMessage> = {}): MailMessage {
  return {
    to: 'ingrid@example.test',
    memberId: null,
    locale: 'nl',
    siteName: 'Liefde Later',
    supportEmail: 'support@liefdelater.test',
    fromAddress: 'Liefde Later <hello@liefdelater.test>',
    recipientName: 'Ingrid',
    link: LINK,
    ...overrides,
  };
}

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rv-mail-'));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe.each(TEST_DIALECTS)('mail delivery over SMTP on %s', (dialect) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let memberId: number;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    smtp = await startTestSmtpServer({ rejectRecipients: ['refused@example.test'] });
    const siteId = await insertSite(database.db, testSiteConfig('localhost'), true);
    memberId = await insertMember(database.db, siteId, { email: 'ingrid@example.test' });
  });
  afterAll(async () => {
    await smtp.close();
    await database.cleanup();
  });

  const deliveries = (kind: MailKind) =>
    database.db
      .selectFrom('mail_deliveries')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('kind', '=', kind)
      .orderBy('id')
      .execute();

  it('hands the mail to the SMTP server and records it as accepted', async () => {
    const log = silentLog();
    const mailer = createMailer({ smtpUrl: smtp.url, dataDir: database.dataDir });
    const mail = createMailService({ db: database.db, mailer, log });
    expect(mailer.kind).toBe('smtp');
    expect(await mail.wasDelivered(memberId, 'activation')).toBeNull();

    const result = await mail.send('activation', message({ to: 'Ingrid@Example.test', memberId }));
    expect(result).toEqual({ accepted: true });

    const received = await smtp.waitForMail('ingrid@example.test');
    expect(received.subject).toBe('Welkom bij Liefde Later: bevestig je e-mailadres');
    expect(received.from?.value[0]).toMatchObject({ name: 'Liefde Later', address: 'hello@liefdelater.test' });
    expect(received.text).toContain(LINK);
    expect(received.html).toContain(`href="${LINK}"`);

    const rows = await deliveries('activation');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ recipient: 'Ingrid@Example.test', accepted: 1 });
    expect(rows[0]!.message_id).toBe(received.messageId);
    expect(await mail.wasDelivered(memberId, 'activation')).toBe(true);
    expect(await mail.wasDelivered(memberId, 'password_reset')).toBeNull();
    expect(log.warn).not.toHaveBeenCalled();
    mailer.close();
  });

  it('records a refused recipient as not accepted, logs it, and the latest attempt decides', async () => {
    const log = silentLog();
    const mailer = createMailer({ smtpUrl: smtp.url, dataDir: database.dataDir });
    const mail = createMailService({ db: database.db, mailer, log });

    const refused = await mail.send('password_reset', message({ to: 'refused@example.test', memberId }));
    expect(refused).toEqual({ accepted: false });
    expect(await deliveries('password_reset')).toEqual([
      expect.objectContaining({ recipient: 'refused@example.test', accepted: 0, message_id: null }),
    ]);
    expect(await mail.wasDelivered(memberId, 'password_reset')).toBe(false);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'password_reset', memberId, err: expect.any(Error) }),
      'mail not accepted',
    );
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain('abc123');

    await mail.send('password_reset', message({ memberId }));
    expect(await mail.wasDelivered(memberId, 'password_reset')).toBe(true);
    mailer.close();
  });

  it('answers accepted false when no mail server listens', async () => {
    const closed = await startTestSmtpServer();
    await closed.close();
    const log = silentLog();
    const mailer = createMailer({ smtpUrl: closed.url, dataDir: database.dataDir });
    const mail = createMailService({ db: database.db, mailer, log });

    expect(await mail.send('account_deleted', message({ memberId, link: undefined }))).toEqual({ accepted: false });
    expect(await mail.wasDelivered(memberId, 'account_deleted')).toBe(false);
    expect(log.warn).toHaveBeenCalledOnce();
  });

  it('keeps a site name with a comma as one sender', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, dataDir: database.dataDir });
    const mail = createMailService({ db: database.db, mailer, log: silentLog() });
    await mail.send('activation', message({ to: 'comma@example.test', fromAddress: 'Liefde, "Later" <hi@x.test>' }));
    const received = await smtp.waitForMail('comma@example.test');
    expect(received.from?.value).toEqual([{ name: 'Liefde, "Later"', address: 'hi@x.test' }]);
    mailer.close();
  });
});

describe('the local mailbox', () => {
  it('keeps each mail as an .eml file, lists it newest first and reads back html and text', async () => {
    const dataDir = tempDir();
    const mailer = createMailer({ dataDir });
    expect(mailer.kind).toBe('local');
    const rendered = renderMail('activation', { ...message(), locale: 'en' });

    const first = await mailer.send({ from: 'Site <hello@site.test>', to: 'first@example.test', ...rendered });
    expect(first).toMatchObject({ accepted: true, messageId: expect.stringMatching(/^<.+>$/) });
    await new Promise((resolve) => setTimeout(resolve, 2));
    await mailer.send({ from: 'Site <hello@site.test>', to: 'second@example.test', ...rendered });

    const files = fs.readdirSync(path.join(dataDir, 'mail'));
    expect(files.filter((name) => name.endsWith('.eml'))).toHaveLength(2);
    const raw = fs.readFileSync(
      path.join(
        dataDir,
        'mail',
        files.find((name) => name.endsWith('.eml'))!,
      ),
      'utf8',
    );
    expect(raw).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(raw).toContain('\r\n');

    const mailbox = createLocalMailbox(dataDir);
    const list = await mailbox.list();
    expect(list.map((entry) => entry.to)).toEqual(['second@example.test', 'first@example.test']);
    expect(list[0]).toMatchObject({ subject: rendered.subject, created_at: expect.any(Number) });

    const read = await mailbox.read(list[1]!.id);
    expect(read).toMatchObject({ id: list[1]!.id, to: 'first@example.test', subject: rendered.subject });
    expect(read!.html).toContain(`href="${LINK}"`);
    expect(read!.text).toContain(LINK);
  });

  it('refuses ids that could leave the mail folder and lists nothing before the first mail', async () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'secret.json'), '{"id":"x"}');
    const mailbox = createLocalMailbox(dataDir);
    expect(await mailbox.list()).toEqual([]);
    for (const id of ['../secret', '..%2Fsecret', '/etc/passwd', '1234567890123-0000000g', '']) {
      expect(await mailbox.read(id)).toBeNull();
    }
    expect(await mailbox.read('1234567890123-00000000')).toBeNull();
  });

  it('reports a mail it could not write as not accepted', async () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'mail'), 'a file where the folder should be');
    const result = await createLocalMailer(createLocalMailbox(dataDir)).send({
      from: 'hello@site.test',
      to: 'a@example.test',
      subject: 's',
      html: '<p>h</p>',
      text: 't',
    });
    expect(result).toMatchObject({ accepted: false, messageId: null, error: expect.any(Error) });
  });
});

describe('mail templates', () => {
  const keysOf = (value: object, prefix = ''): string[] =>
    Object.entries(value).flatMap(([key, inner]) =>
      typeof inner === 'object' && inner !== null ? keysOf(inner as object, `${prefix}${key}.`) : [`${prefix}${key}`],
    );

  it('has exactly the English keys in every language', () => {
    const english = keysOf(MAIL_CATALOGUES.en).sort();
    for (const locale of LOCALES) expect(keysOf(MAIL_CATALOGUES[locale]).sort(), locale).toEqual(english);
  });

  // Kinds that carry no link; the contact, complaint, receipt and premium kinds also fill placeholders of their own.
  const LINKLESS: MailKind[] = [
    'account_deleted',
    'two_factor_reset',
    'contact_request',
    'contact_confirmation',
    'complaint_notice',
    'complaint_appeal',
    'receipt',
    'premium_receipt',
    'premium_cancel_not_found',
    'premium_withdrawn',
    'moderation_outcome',
  ];
  const KIND_VALUES = {
    reference: 'RV-ABCD2345',
    subject: 'A question',
    senderName: 'Gerda',
    senderEmail: 'gerda@example.test',
    account: '—',
    orderId: '42',
    date: '28 November 2026',
    credits: '165',
    bonus: '15',
    net: '€20.62',
    vat: '€4.33',
    vatRate: '21%',
    gross: '€24.95',
    companyName: 'Liefde Later B.V.',
    companyAddress: 'Teststraat 1',
    companyCity: 'Amsterdam',
    companyCountry: 'NL',
    kvk: '12345678',
    vatNumbers: 'NL000000000B01',
    term: '3 months',
    periodEnd: '28 February 2027',
    renewal: '€16.95',
    cancelUrl: 'https://liefdelater.test/cancel-contract',
    renewalDate: '28 February 2027',
    amount: '€16.95',
    receivedAt: '28 November 2026, 10:00',
    endDate: '28 February 2027',
    refund: '€44.95',
    paid: '€49.95',
    decision: 'a warning',
    ground: 'spam (our terms: usage rules)',
    detection: 'a report by another member',
    outcome: 'the member was warned.',
  };

  describe.each(MAIL_KINDS)('%s', (kind) => {
    it.each(LOCALES)('renders in %s with the site name, the link and no placeholders left', (locale) => {
      const mail = renderMail(kind, {
        locale,
        siteName: 'Liefde Later',
        supportEmail: 'support@liefdelater.test',
        recipientName: 'Ingrid',
        link: LINK,
        values: KIND_VALUES,
      });
      expect(mail.subject).toContain('Liefde Later');
      expect(mail.html).toContain(`<html lang="${locale}">`);
      for (const body of [mail.html, mail.text]) {
        expect(body).toContain('Liefde Later');
        expect(body).toContain('Ingrid');
        expect(body).toContain('support@liefdelater.test');
        expect(body).not.toMatch(/\{\{|\}\}/);
      }
      if (kind === 'receipt') {
        expect(mail.subject).toContain('42');
        for (const body of [mail.html, mail.text])
          for (const amount of ['€20.62', '€4.33', '€24.95']) expect(body).toContain(amount);
      }
      if (kind === 'premium_receipt' || kind === 'premium_reminder') {
        for (const body of [mail.html, mail.text]) expect(body).toContain('€16.95');
      }
      if (kind === 'moderation_statement') {
        for (const body of [mail.html, mail.text]) {
          for (const value of ['a warning', 'spam (our terms: usage rules)', 'a report by another member', LINK]) {
            expect(body).toContain(value);
          }
        }
      }
      if (kind === 'complaint_notice' || kind === 'complaint_appeal') {
        expect(mail.subject).toContain('RV-ABCD2345');
        for (const body of [mail.html, mail.text]) expect(body).toContain('RV-ABCD2345');
      }
      if (LINKLESS.includes(kind)) {
        expect(mail.text).not.toContain(LINK);
      } else {
        expect(mail.html).toContain(`href="${LINK}"`);
        expect(mail.text).toMatch(new RegExp(`^${LINK.replace(/[.?]/g, '\\$&')}$`, 'm'));
        expect(mail.text).toMatch(/\d/);
      }
      expect(mail.text).not.toMatch(/<[a-z]/i);
    });
  });

  it('escapes every value in the HTML and keeps it as typed in the text', () => {
    const mail = renderMail('activation', {
      locale: 'en',
      siteName: 'Tom & "Jerry"',
      supportEmail: 'help@x.test"><script>',
      recipientName: '<script>alert(1)</script>',
      link: 'https://x.test/a?b=1&c="2"',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Tom &amp; &quot;Jerry&quot;');
    expect(mail.html).toContain('href="https://x.test/a?b=1&amp;c=&quot;2&quot;"');
    expect(mail.text).toContain('Hello <script>alert(1)</script>,');
    expect(mail.subject).toBe('Welcome to Tom & "Jerry": please confirm your e-mail address');
  });

  it('states how long each link lasts in the reader’s language', () => {
    const render = (kind: MailKind, locale: string) =>
      renderMail(kind, { locale, siteName: 'S', supportEmail: 's@x.test', recipientName: 'N', link: LINK }).text;
    expect(render('activation', 'en')).toContain('valid for 7 days');
    expect(render('password_reset', 'pl')).toContain('przez 2 godziny');
    expect(render('email_change_confirm', 'de')).toContain('24 Stunden lang gültig');
    expect(render('email_change_notice', 'nl')).toContain('30 dagen geldig');
  });

  it('falls back to English for an unknown language and understands regional tags', () => {
    const context = { siteName: 'S', supportEmail: 's@x.test', recipientName: 'N', link: LINK };
    expect(renderMail('password_reset', { ...context, locale: 'xx' }).subject).toBe('Choose a new password for S');
    expect(renderMail('password_reset', { ...context, locale: 'nl-BE' }).subject).toBe(
      'Kies een nieuw wachtwoord voor S',
    );
  });

  it('refuses to mail a complaint confirmation without its reference', () => {
    const context = { locale: 'en', siteName: 'S', supportEmail: 's@x.test', recipientName: 'N' };
    expect(() => renderMail('complaint_notice', context)).toThrow(/reference/);
  });

  it('refuses a missing link or one that is not a web address', () => {
    const context = { locale: 'en', siteName: 'S', supportEmail: 's@x.test', recipientName: 'N' };
    expect(() => renderMail('activation', context)).toThrow(/needs a link/);
    expect(() => renderMail('activation', { ...context, link: 'javascript:alert(1)' })).toThrow(/http/);
    expect(renderMail('email_change_notice', context).text).not.toContain('http');
  });

  it('quotes the sender name only when there is one', () => {
    expect(formatFromAddress('Site <a@x.test>')).toBe('"Site" <a@x.test>');
    expect(formatFromAddress('a@x.test')).toBe('a@x.test');
    expect(formatFromAddress('<a@x.test>')).toBe('a@x.test');
  });
});

describe.each(TEST_DIALECTS)('the development mailbox on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  afterEach(async () => {
    await t.close();
  });

  // The app serves the mailbox outside production while mail stays local; a configured SMTP server turns it off.
  async function appWithMailbox(enabled: boolean, env: NodeJS.ProcessEnv = {}) {
    t = await createTestApp(dialect, { env: enabled ? env : { ...env, SMTP_URL: 'smtp://127.0.0.1:9' } });
    const mailbox = createLocalMailbox(t.config.dataDir);
    const mailer = createLocalMailer(mailbox);
    await mailer.send({ from: 'hello@site.test', to: 'ingrid@example.test', ...renderMail('activation', message()) });
    return mailbox;
  }

  const get = (url: string) => t.app.inject({ url, headers: browserHeaders() });

  it('lists the mails and shows one with its html and text', async () => {
    await appWithMailbox(true);
    const list = await get('/api/dev/mailbox.php');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const { mails } = list.json<{ mails: { id: string; to: string; subject: string; created_at: number }[] }>();
    expect(mails).toEqual([
      {
        id: expect.any(String),
        to: 'ingrid@example.test',
        subject: 'Welkom bij Liefde Later: bevestig je e-mailadres',
        created_at: expect.any(Number),
      },
    ]);

    const one = await get(`/api/dev/mailbox.php?id=${mails[0]!.id}`);
    expect(one.statusCode).toBe(200);
    const mail = one.json<{ id: string; html: string; text: string }>();
    expect(mail.id).toBe(mails[0]!.id);
    expect(mail.html).toContain(`href="${LINK}"`);
    expect(mail.text).toContain(LINK);

    expect((await get('/api/dev/mailbox.php?id=1234567890123-00000000')).statusCode).toBe(404);
    const traversal = await get(`/api/dev/mailbox.php?id=${encodeURIComponent('../rendezvous')}`);
    expect(traversal.statusCode).toBe(400);
    expect(traversal.json().error.fields).toHaveProperty('id');
  });

  it('shows the mailbox to this machine only, whatever address a forwarded header claims', async () => {
    // Proxies on this machine and on the network are trusted, so request.ip would believe either.
    await appWithMailbox(true, { TRUSTED_PROXIES: '127.0.0.1,192.168.1.0/24' });
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ url: '/api/dev/mailbox.php', remoteAddress, headers: { ...browserHeaders(), ...headers } });
    for (const local of ['127.0.0.1', '127.0.1.1', '::1', '::ffff:127.0.0.1']) {
      expect({ local, status: (await from(local)).statusCode }).toEqual({ local, status: 200 });
    }
    for (const remote of ['192.168.1.20', '10.0.0.5', '::ffff:192.168.1.20', 'fe80::1']) {
      const response = await from(remote);
      expect({ remote, status: response.statusCode }).toEqual({ remote, status: 404 });
      expect(response.json().error.code).toBe('not_found');
    }
    expect((await from('192.168.1.20', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
    expect((await from('127.0.0.1', { 'x-forwarded-for': '10.1.2.3' })).statusCode).toBe(200);
  });

  it('is never served in production, even to this machine and with mail kept locally', async () => {
    await appWithMailbox(true, { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) });
    const response = await t.app.inject({
      url: '/api/dev/mailbox.php',
      remoteAddress: '127.0.0.1',
      headers: browserHeaders(),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('does not exist when disabled', async () => {
    const mailbox = await appWithMailbox(false);
    const [stored] = await mailbox.list();
    for (const url of ['/api/dev/mailbox.php', `/api/dev/mailbox.php?id=${stored!.id}`, '/api/dev/mailbox.php?id=..']) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
  });
});
