/// <reference types="vitest/config" />
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import { devServiceWorker } from './vite.sw.config.js';

// Vitest renders components without the React Router plugin, which expects a whole app build.
const testing = process.env.VITEST === 'true';

/**
 * React Router's package names only its development build, whose warnings (and the checks made for
 * them) then ship to every phone (remix-run/react-router#14102); the production build beside it
 * differs in nothing else. The browser's build takes that one; the server and `npm run dev` keep
 * the package's own, warnings and all.
 */
const reactRouterProduction = (file: string) =>
  path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production', file);

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [tailwindcss(), testing ? react() : reactRouter(), devServiceWorker()],
  ...(command === 'build' && !isSsrBuild && !testing
    ? {
        resolve: {
          alias: [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ],
        },
      }
    : {}),
  build: {
    sourcemap: true,
    ...(isSsrBuild
      ? {
          // One file: the entry finds the client's build beside it (server-entry.ts), and a chunk of
          // its own would move it into assets/ as soon as a lazy module shared code with the entry.
          rolldownOptions: { input: './server-entry.ts', output: { codeSplitting: false } },
        }
      : {
          // zod is needed only by forms, which load with their routes; kept apart so the
          // bundler cannot fold it into a chunk every page loads.
          rolldownOptions: {
            // Building a schema changes nothing else, so a contract module whose constant a page needs
            // does not drag zod in for the schema next to it that the page never uses. A `z.…()` call
            // made for its effect is dropped too: call such a function by its own name (zod-config.ts).
            treeshake: { manualPureFunctions: ['z'] },
            output: { codeSplitting: { groups: [{ name: 'zod', test: /node_modules[\\/]zod/ }] } },
          },
        }),
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['app/**/*.test.{ts,tsx}'],
    setupFiles: ['./app/test/setup.ts'],
  },
}));
