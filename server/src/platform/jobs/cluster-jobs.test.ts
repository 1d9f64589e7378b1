import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { MINUTE_MS } from '../../lib/time.js';
import { createTestApp, insertMember, insertOrder } from '../../test/fixtures.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { createClusterJobs } from './cluster-jobs.js';

/** A promise and the function that settles it, to hold a job at a point the test chooses. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe.each(TEST_DIALECTS)('background jobs on one node on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('never overlaps a run of the same job on this node, and runs it again once the first ended', async () => {
    const jobs = createClusterJobs({ db: t.database.db, dialect, log: t.app.log });
    const hold = gate();
    const work = vi.fn(() => hold.opened);
    const first = jobs.runExclusive('test-job', work);
    expect(await jobs.runExclusive('test-job', work)).toBe(false);
    // Another job is not held up by this one.
    expect(await jobs.runExclusive('other-job', async () => undefined)).toBe(true);
    hold.open();
    expect(await first).toBe(true);
    expect(await jobs.runExclusive('test-job', async () => undefined)).toBe(true);
    expect(work).toHaveBeenCalledTimes(1);
    await jobs.close();
  });

  it('lets a failed run go, so the next one runs', async () => {
    const jobs = createClusterJobs({ db: t.database.db, dialect, log: t.app.log });
    await expect(jobs.runExclusive('failing', () => Promise.reject(new Error('provider down')))).rejects.toThrow(
      'provider down',
    );
    expect(await jobs.runExclusive('failing', async () => undefined)).toBe(true);
    await jobs.close();
  });
});

describe.skipIf(!TEST_DIALECTS.includes('postgres'))('background jobs on two nodes on PostgreSQL', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  /** The second node: its own connection pool on the same schema, its own app. */
  let otherDatabase: DatabaseHandle;
  let other: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    otherDatabase = openDatabase(t.database.config, { schema: t.database.schema! });
    other = await buildApp(t.config, { database: otherDatabase, web: false });
  });
  afterAll(async () => {
    await other.close();
    await otherDatabase.destroy();
    await t.close();
  });

  it('runs the payment re-check on one node at a time: the other skips its turn, and runs the next', async () => {
    const memberId = await insertMember(t.database.db, t.siteId);
    const now = Date.now();
    const stuck = now - 2 * t.config.payments.recheckAfterMinutes * MINUTE_MS;
    await insertOrder(t.database.db, t.siteId, memberId, {
      provider_reference: 'dev-stuck',
      state: 'pending',
      created_at: stuck,
      updated_at: stuck,
      paid_at: null,
    });
    // The provider is asked about the stuck order: the work the lock keeps from happening twice.
    const hold = gate();
    const entered = gate();
    const askedHere = vi.spyOn(t.app.payments.providers.get('dev')!, 'fetchStatus').mockImplementation(async () => {
      entered.open();
      await hold.opened;
      return [];
    });
    const askedThere = vi.spyOn(other.payments.providers.get('dev')!, 'fetchStatus').mockResolvedValue([]);

    const here = t.app.payments.recheckOrders(now);
    await entered.opened;
    await other.payments.recheckOrders(now);
    expect(askedThere).not.toHaveBeenCalled();
    hold.open();
    await here;
    expect(askedHere).toHaveBeenCalledTimes(1);

    // The lock went with the run: the other node's next turn does the work.
    await other.payments.recheckOrders(now);
    expect(askedThere).toHaveBeenCalledTimes(1);
  });

  it('frees the lock of a node whose connection died mid-run', async () => {
    const url = t.database.config.dialect === 'postgres' ? t.database.config.url : '';
    const dying = openDatabase({ dialect: 'postgres', url }, { schema: t.database.schema! });
    const dyingJobs = createClusterJobs({ db: dying.db, dialect: 'postgres', log: t.app.log });
    const entered = gate();
    const hold = gate();
    const dyingRun = dyingJobs.runExclusive('crash-test', async () => {
      entered.open();
      await hold.opened;
    });
    await entered.opened;
    const jobs = createClusterJobs({ db: t.database.db, dialect: 'postgres', log: t.app.log });
    expect(await jobs.runExclusive('crash-test', async () => undefined)).toBe(false);

    // A node killed with SIGKILL: PostgreSQL sees the connection holding the lock end. An advisory
    // lock on one bigint shows in pg_locks as its high and low 32 bits. The call waits until the backend is gone.
    const key = sql`hashtext(current_schema() || ':job:crash-test')::bigint`;
    const { rows } = await sql<{ terminated: boolean }>`
      select pg_terminate_backend(pid, 10000) as terminated from pg_locks
      where locktype = 'advisory' and granted and objsubid = 1
        and classid = ((${key} >> 32) & 4294967295)::oid and objid = (${key} & 4294967295)::oid`.execute(t.database.db);
    expect(rows).toEqual([{ terminated: true }]);
    expect(await jobs.runExclusive('crash-test', async () => undefined)).toBe(true);
    await jobs.close();

    // What is left of the dead node's run fails on its closed connection, without taking the process with it.
    hold.open();
    await expect(dyingRun).rejects.toThrow();
    await dying.destroy();
  });
});
