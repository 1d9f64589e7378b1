import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default leaves a core free (one worker on a two-core machine), but most of a test's
    // time here is spent waiting on SQLite, PostgreSQL, Redis and sockets, so a worker per core
    // finishes the suite in well under the time.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: {
          name: 'contract',
          root: './contract',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: './server',
          include: ['src/**/*.test.ts'],
          globalSetup: ['./src/test/global-setup.ts'],
          // A worker keeps the modules it loaded from one file to the next: loading the whole server
          // again for each of a hundred files was 265 of the project's 322 s. Every test builds its
          // own app, database and clock, and the only module-level state is memoised lookups.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './web/vite.config.ts',
    ],
  },
});
