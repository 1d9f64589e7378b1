import type { CreditsResponse, Settings } from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoMembers } from '../../demo/demo-members.js';
import { DEFAULT_DEMO_DOMAIN } from '../../demo/demo-sites.js';
import { grant, spend } from '../../ledger/credit-ledger.js';
import { browserHeaders, createTestApp, insertMember, sessionCookies, testSiteConfig } from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { LEDGER_ROWS_SHOWN, messageCostFor } from './credits.routes.js';

describe('message cost', () => {
  const settings = {
    ...testSiteConfig('costs.test', {
      countries: ['BE', 'NL', 'GB'],
      minimum_message_costs: { NL: { costs: 1.5, currency: 'EUR' }, GB: { costs: 1.2, currency: 'GBP' } },
    }),
    region_data: {},
    push_pub: null,
    cams_feed: false,
    geoip_country: null,
    geoip_selected_country: null,
  } satisfies Settings;

  it("prices in the member's country, then the GeoIP country, then the site's first priced country", () => {
    expect(messageCostFor(settings, 'GB')).toEqual({ credits: 10, costs: 1.2, currency: 'GBP' });
    expect(messageCostFor({ ...settings, geoip_country: 'GB' }, 'DE')).toEqual({
      credits: 10,
      costs: 1.2,
      currency: 'GBP',
    });
    expect(messageCostFor(settings, null)).toEqual({ credits: 10, costs: 1.5, currency: 'EUR' });
  });
});

describe.each(TEST_DIALECTS)('credits on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  const balanceOf = async (id: number) =>
    (await t.database.db.selectFrom('members').select('credits').where('id', '=', id).executeTakeFirstOrThrow())
      .credits;
  const ledgerOf = (id: number) =>
    t.database.db
      .selectFrom('credit_ledger')
      .select(['delta', 'reason', 'reference'])
      .where('member_id', '=', id)
      .orderBy('id')
      .execute();

  it('asks for a login', async () => {
    expect((await t.app.inject({ url: '/api/credits.php', headers: browserHeaders() })).statusCode).toBe(403);
  });

  it('shows the balance, the message price and the latest ledger rows, newest first', async () => {
    const id = await insertMember(t.database.db, t.siteId, { country: 'BE' });
    for (let index = 0; index < LEDGER_ROWS_SHOWN + 2; index++) await grant(t.database.db, id, 1, 'purchase');
    await spend(t.database.db, id, 2, 'message', '1');
    const response = await t.app.inject({
      url: '/api/credits.php',
      headers: browserHeaders(await sessionCookies(t.database.db, id)),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<CreditsResponse>();
    expect(body.balance).toBe(LEDGER_ROWS_SHOWN);
    expect(body.message_cost).toEqual({ credits: 10, costs: 1.5, currency: 'EUR' });
    expect(body.ledger).toHaveLength(LEDGER_ROWS_SHOWN);
    expect(body.ledger[0]).toMatchObject({ delta: -2, reason: 'message' });
    expect(body.ledger[1]).toMatchObject({ delta: 1, reason: 'purchase' });
  });

  it('changes the balance and the ledger together, or neither', async () => {
    const id = await insertMember(t.database.db, t.siteId);
    expect(await grant(t.database.db, id, 5, 'operator', 'ticket-1')).toBe(5);
    await expect(spend(t.database.db, id, 6, 'message', 'm')).rejects.toMatchObject({
      statusCode: 402,
      code: 'insufficient_credits',
    });
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await spend(trx, id, 3, 'message', 'rolled back');
        throw new Error('the message insert failed');
      }),
    ).rejects.toThrow('the message insert failed');
    expect(await balanceOf(id)).toBe(5);
    expect(await ledgerOf(id)).toEqual([{ delta: 5, reason: 'operator', reference: 'ticket-1' }]);
  });

  it('lets parallel spends take each credit once', async () => {
    const id = await insertMember(t.database.db, t.siteId);
    await grant(t.database.db, id, 7, 'purchase');
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, index) =>
        t.database.db.transaction().execute((trx) => spend(trx, id, 1, 'message', String(index))),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(7);
    expect(await balanceOf(id)).toBe(0);
    expect((await ledgerOf(id)).reduce((sum, row) => sum + row.delta, 0)).toBe(0);
  });

  it('welcomes a new member with the site’s welcome credits', async () => {
    const email = `welcome-${dialect}@example.test`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user.php?new=1',
      headers: browserHeaders(),
      payload: { email, name: 'Wendy', password: 'a long enough password', language: 'en' },
    });
    expect(response.statusCode).toBe(200);
    const { id } = await t.database.db
      .selectFrom('members')
      .select('id')
      .where('email_normalized', '=', email)
      .executeTakeFirstOrThrow();
    expect(await balanceOf(id)).toBe(testSiteConfig('x').welcome_credits);
    expect(await ledgerOf(id)).toEqual([
      { delta: testSiteConfig('x').welcome_credits, reason: 'welcome', reference: null },
    ]);
  });

  it('gives the demo logins credits to try the chat with', async () => {
    const logins = await seedDemoMembers(t.database.db, { [DEFAULT_DEMO_DOMAIN]: t.siteId });
    expect(logins.length).toBeGreaterThan(0);
    for (const login of logins) {
      const { id, credits } = await t.database.db
        .selectFrom('members')
        .select(['id', 'credits'])
        .where('email_normalized', '=', login.email)
        .executeTakeFirstOrThrow();
      expect(credits).toBeGreaterThan(0);
      expect(await ledgerOf(id)).toEqual([{ delta: credits, reason: 'demo', reference: null }]);
    }
  });
});
