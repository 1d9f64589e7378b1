import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DialectName } from '../../db/dialect.js';

export interface ClusterJobsOptions {
  db: Db;
  dialect: DialectName;
  log: { error(object: object, message: string): void };
}

/**
 * Background jobs (payment re-checks and renewals, lifting suspensions) that every node schedules
 * but only one runs at a time across the cluster. On PostgreSQL a run holds a session advisory
 * lock on a connection of its own; a node that finds the lock taken skips its turn, and a node that
 * dies mid-run loses its connection and so its lock. SQLite is one node by nature: only the
 * in-process guard applies, which also stops a slow run from overlapping the next tick.
 */
export function createClusterJobs({ db, dialect, log }: ClusterJobsOptions) {
  const running = new Map<string, Promise<boolean>>();
  const timers = new Set<NodeJS.Timeout>();

  async function withLock(name: string, job: () => Promise<void>): Promise<boolean> {
    if (dialect !== 'postgres') {
      await job();
      return true;
    }
    return db.connection().execute(async (connection) => {
      // Keyed by schema too, so deployments sharing one PostgreSQL in separate schemas never wait on each other.
      const key = sql<number>`hashtext(current_schema() || ':job:' || ${name})`;
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(
        connection,
      );
      if (!rows[0]?.locked) return false;
      try {
        await job();
        return true;
      } finally {
        await sql`select pg_advisory_unlock(${key})`.execute(connection);
      }
    });
  }

  /**
   * Runs the job unless it is already running on this node or, on PostgreSQL, on any node.
   * True when this call ran it.
   */
  function runExclusive(name: string, job: () => Promise<void>): Promise<boolean> {
    if (running.has(name)) return Promise.resolve(false);
    const run = withLock(name, job).finally(() => running.delete(name));
    running.set(name, run);
    return run;
  }

  return {
    runExclusive,

    /** Runs the job every `intervalMs` on this node, once per cluster at a time, logging failures. */
    every(name: string, intervalMs: number, job: () => Promise<void>): void {
      const timer = setInterval(() => {
        runExclusive(name, job).catch((error: unknown) => log.error({ err: error, job: name }, 'job failed'));
      }, intervalMs);
      timer.unref();
      timers.add(timer);
    },

    /** Stops scheduling and waits for the runs under way, so none outlives the database pool. */
    async close(): Promise<void> {
      for (const timer of timers) clearInterval(timer);
      timers.clear();
      await Promise.allSettled(running.values());
    },
  };
}

export type ClusterJobs = ReturnType<typeof createClusterJobs>;
