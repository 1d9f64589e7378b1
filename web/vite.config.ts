/// <reference types="vitest/config" />
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { devServiceWorker } from './vite.sw.config.js';

// Vitest renders components without the React Router plugin, which expects a whole app build.
const testing = process.env.VITEST === 'true';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), testing ? react() : reactRouter(), devServiceWorker()],
  build: {
    sourcemap: true,
    ...(isSsrBuild
      ? { rollupOptions: { input: './server-entry.ts' } }
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
