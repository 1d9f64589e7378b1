import { AUDIT_PAGE_SIZE, type AuditPage } from '@rendezvous/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../platform/audit/audit-log.js';
import { browserHeaders, createTestApp } from '../../test/fixtures.js';
import { insertStaff, staffCookies } from '../../test/staff-fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';

describe.each(TEST_DIALECTS)('the audit log in the console on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Record<string, string>;
  let boss: number;
  let other: number;
  const start = Date.UTC(2026, 10, 1);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    boss = await insertStaff(t.database.db, { role: 'admin', email: 'boss@staff.test' });
    other = await insertStaff(t.database.db, { role: 'supervisor', email: 'sue@staff.test' });
    admin = await staffCookies(t.database.db, boss);
    // A day apart, alternating who did it and what: enough for two pages and every filter.
    for (let day = 0; day < AUDIT_PAGE_SIZE + 10; day++) {
      const who = day % 2 === 0 ? { id: boss, email: 'boss@staff.test' } : { id: other, email: 'sue@staff.test' };
      await t.database.db
        .insertInto('audit_log')
        .values({
          staff_id: who.id,
          staff_email: who.email,
          action: day % 3 === 0 ? 'staff.update' : 'persona.update',
          target_type: day % 3 === 0 ? 'staff' : 'persona',
          target_id: day % 3 === 0 ? 7 : 8,
          site_id: null,
          detail: JSON.stringify({ day }),
          ip: '203.0.113.9',
          created_at: start + day * 86_400_000,
        })
        .execute();
    }
  });
  afterAll(() => t.close());

  async function page(query: string): Promise<AuditPage> {
    const response = await t.app.inject({ url: `/api/console/audit?${query}`, headers: browserHeaders(admin) });
    expect(response.statusCode).toBe(200);
    return response.json<AuditPage>();
  }
  const days = (result: AuditPage) => result.entries.map((entry) => (entry.detail as { day: number }).day);

  it('lists newest first, a page at a time, until the last', async () => {
    const seeded = `from=${start}&to=${start + 100 * 86_400_000}`;
    const first = await page(seeded);
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(days(first).slice(0, 3)).toEqual([AUDIT_PAGE_SIZE + 9, AUDIT_PAGE_SIZE + 8, AUDIT_PAGE_SIZE + 7]);
    expect(first.entries[0]).toMatchObject({ staff_id: other, staff_email: 'sue@staff.test', ip: '203.0.113.9' });
    const second = await page(`${seeded}&before=${first.next_before}`);
    expect(days(second)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(second.next_before).toBeNull();
  });

  it('filters by who, what, on what, and when', async () => {
    expect(days(await page(`staff_id=${other}&action=staff.update`))).toEqual(
      Array.from({ length: AUDIT_PAGE_SIZE + 10 }, (_, day) => day)
        .filter((day) => day % 2 === 1 && day % 3 === 0)
        .reverse(),
    );
    expect(
      days(await page(`target_type=persona&target_id=8&from=${start + 86_400_000}&to=${start + 3 * 86_400_000}`)),
    ).toEqual([2, 1]);
    const bad = await t.app.inject({
      url: '/api/console/audit?target_type=planet&to=soon',
      headers: browserHeaders(admin),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['target_type', 'to']);
  });

  it('shows what the console recorded, with its detail', async () => {
    await recordAudit(
      t.database.db,
      { staffId: boss, staffEmail: 'boss@staff.test', ip: '198.51.100.1' },
      {
        action: 'staff.disable',
        target: { type: 'staff', id: other },
      },
    );
    const [entry] = (await page('action=staff.disable')).entries;
    expect(entry).toMatchObject({
      staff_id: boss,
      action: 'staff.disable',
      target_type: 'staff',
      target_id: other,
      detail: null,
    });
  });
});
