import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserHeaders,
  createTestAppWithMail,
  insertMember,
  TEST_PASSWORD,
  type TestAppWithMail,
} from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { SESSION_COOKIE } from '../../platform/sessions/sessions.repository.js';

/** A Host header the sender of a request picks; a link built from it would carry the token to them. */
const FOREIGN = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };

/** Every absolute link in the mail's text and HTML. */
const linksIn = (mail: ParsedMail) => [
  ...new Set([...`${mail.text ?? ''} ${mail.html || ''}`.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0])),
];

describe.each(TEST_DIALECTS)('links in account mail on %s', (dialect) => {
  let t: TestAppWithMail;

  beforeAll(async () => {
    t = await createTestAppWithMail(dialect, { env: { PORT: '4321' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const expectOwnLinks = (mail: ParsedMail, path: string) => {
    const links = linksIn(mail);
    expect(links.some((link) => link.startsWith(`http://localhost:4321${path}`))).toBe(true);
    for (const link of links) expect(new URL(link).host).toBe('localhost:4321');
  };

  it('points the activation mail at the site, whatever Host the sign-up came with', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user.php?new=1',
      headers: { ...browserHeaders(), ...FOREIGN },
      payload: { email: 'joiner@example.test', password: TEST_PASSWORD, name: 'Joiner' },
    });
    expect(response.statusCode).toBe(200);
    expectOwnLinks(await t.smtp.waitForMail('joiner@example.test'), '/api/activate.php?token=');
  });

  it('points the password reset mail at the site, whatever Host the request came with', async () => {
    await insertMember(t.database.db, t.siteId, { email: 'victim@example.test' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/password_reset.php',
      headers: { ...browserHeaders(), ...FOREIGN },
      payload: { email: 'victim@example.test' },
    });
    expect(response.statusCode).toBe(200);
    expectOwnLinks(await t.smtp.waitForMail('victim@example.test'), '/reset-password/do?token=');
  });

  it('points the e-mail change confirmation and its undo notice at the site', async () => {
    await insertMember(t.database.db, t.siteId, { email: 'mover@example.test' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login.php',
      headers: { ...browserHeaders(), ...FOREIGN },
      payload: { email: 'mover@example.test', password: TEST_PASSWORD },
    });
    const session = login.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!.value;
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/email_change.php',
      headers: { ...browserHeaders({ [SESSION_COOKIE]: session }), ...FOREIGN },
      payload: { email: 'moved@example.test', password: TEST_PASSWORD },
    });
    expect(asked.statusCode).toBe(200);
    const confirmMail = await t.smtp.waitForMail('moved@example.test');
    expectOwnLinks(confirmMail, '/mail-change/do?token=');

    const token = decodeURIComponent(/token=([\w%-]+)/.exec(confirmMail.text ?? '')![1]!);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/email_change_confirm.php',
      headers: { ...browserHeaders(), ...FOREIGN },
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(200);
    expectOwnLinks(await t.smtp.waitForMail('mover@example.test'), '/mail-change/do?undo=1&token=');
  });

  it('links each site to its own domain', async () => {
    await insertMember(t.database.db, t.boxySiteId, { email: 'boxer@example.test' });
    await t.app.inject({
      method: 'POST',
      url: '/api/password_reset.php',
      headers: { ...browserHeaders(), host: 'boxy.localhost' },
      payload: { email: 'boxer@example.test' },
    });
    const mail = await t.smtp.waitForMail('boxer@example.test');
    for (const link of linksIn(mail)) expect(new URL(link).host).toBe('boxy.localhost:4321');
  });
});
