import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertStaff } from '../../test/staff-fixtures.js';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/test-database.js';
import { recordAudit } from './audit-log.js';

describe.each(TEST_DIALECTS)('the audit log on %s', (dialect) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => database.cleanup());

  it('keeps who did what to whom, when and from where, and refuses to change or lose a row', async () => {
    const admin = await insertStaff(database.db, { role: 'admin', email: 'boss@staff.test' });
    await recordAudit(
      database.db,
      { staffId: admin, staffEmail: 'boss@staff.test', ip: '203.0.113.7' },
      { action: 'staff.create', target: { type: 'staff', id: 42 }, detail: { role: 'operator' } },
    );

    const rows = await database.db.selectFrom('audit_log').selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({
        staff_id: admin,
        staff_email: 'boss@staff.test',
        action: 'staff.create',
        target_type: 'staff',
        target_id: 42,
        detail: '{"role":"operator"}',
        ip: '203.0.113.7',
      }),
    ]);
    await expect(database.db.updateTable('audit_log').set({ action: 'nothing' }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(database.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
    expect(await database.db.selectFrom('audit_log').select('action').execute()).toEqual([{ action: 'staff.create' }]);
  });
});
