import { Redis } from 'ioredis';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | null;
    redisUrl: string | null;
  }
}

export const DEFAULT_TEST_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';
export const DEFAULT_TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/** The Redis tests (event bus across nodes) likewise: skipped with a word, or a failure under CI. */
async function provideRedis(project: TestProject) {
  const url = process.env.TEST_REDIS_URL ?? DEFAULT_TEST_REDIS_URL;
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    project.provide('redisUrl', url);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (process.env.CI === 'true') {
      throw new Error(`Redis at ${url} is unreachable (${reason}); CI runs the Redis tests on it.`);
    }
    console.warn(
      `\n⚠ SKIPPED: Redis tests — ${url} is unreachable (${reason}). The in-process event bus was tested.\n`,
    );
    project.provide('redisUrl', null);
  } finally {
    client.disconnect();
  }
}

/**
 * Every database test runs on SQLite and on PostgreSQL. Without PostgreSQL a
 * developer's run says plainly what it skipped; under CI=true that is a failure.
 */
export default async function setup(project: TestProject) {
  await provideRedis(project);
  const url = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_POSTGRES_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    project.provide('postgresUrl', url);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (process.env.CI === 'true') {
      throw new Error(`PostgreSQL at ${url} is unreachable (${reason}); CI runs every database test on it.`);
    }
    console.warn(`\n⚠ SKIPPED: PostgreSQL tests — ${url} is unreachable (${reason}). Only SQLite was tested.\n`);
    project.provide('postgresUrl', null);
  } finally {
    await client.end().catch(() => undefined);
  }
}
