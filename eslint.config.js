import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const here = path.dirname(fileURLToPath(import.meta.url));

/** One zone a feature: it may import itself, never a sibling (bulletproof-react's rule). */
function featureZones(dir, composers = []) {
  const features = fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];
  return features
    .filter((feature) => !composers.includes(feature))
    .map((feature) => ({
      target: `${dir}/${feature}`,
      from: dir,
      except: [`./${feature}`],
      message: 'Features do not import each other; compose them in a route.',
    }));
}

/** Server code every feature may use; none of it may reach into a feature. */
const SERVER_SHARED = [
  './server/src/platform',
  './server/src/plugins',
  './server/src/lib',
  './server/src/db',
  './server/src/realtime',
  './server/src/notifier',
  './server/src/ledger',
  './server/src/messaging',
  './server/src/test',
  './server/src/config.ts',
  './server/src/errors.ts',
  './server/src/http-limits.ts',
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/build/**',
      '**/.react-router/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // eslint-plugin-import loads resolvers with require(), so that one stays CommonJS.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: { ...globals.browser } },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Imports flow server → contract ← web; one feature never imports another (a route composes them).
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { [path.join(here, 'scripts/eslint-relative-ts-resolver.cjs')]: {} },
    },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './web', from: './server', message: 'The web app never imports the server.' },
            { target: './contract', from: ['./server', './web'], message: 'The contract depends on nothing of ours.' },
            { target: './server', from: './web', message: 'The server loads the web build at run time only.' },
            ...featureZones('./web/app/features'),
            {
              // Routes and layouts compose features; shared UI and helpers know none of them.
              target: ['./web/app/lib', './web/app/components', './web/app/guards'],
              from: './web/app/features',
              message: 'Shared web code never imports a feature; a route or layout composes them.',
            },
            {
              // The operator console loads only on /console pages; the route config names its files.
              target: ['./web/app/!(console)/**', './web/app/*.{ts,tsx}'],
              from: './web/app/console',
              except: ['./console-routes.ts'],
              message: "Member pages never import the operator console's code.",
            },
            {
              target: './web/app/console',
              from: [
                './web/app/features',
                './web/app/routes',
                './web/app/layouts',
                './web/app/guards',
                './web/app/root.tsx',
                './web/app/route-table.ts',
              ],
              message: 'The console uses the shared lib and components only, never member features or pages.',
            },
            ...featureZones('./web/app/console/features'),
            {
              target: ['./web/app/console/lib', './web/app/console/components'],
              from: './web/app/console/features',
              message: "The console's shared code never imports one of its features; its routes compose them.",
            },
            ...featureZones('./server/src/features'),
            {
              target: SERVER_SHARED,
              from: './server/src/features',
              message: 'Shared server code never imports a feature; features import it, and app.ts composes them.',
            },
            {
              // main.ts seeds an empty database on `npm start`; seed-cli.ts is `npm run seed`.
              target: [
                './server/src/{features,platform,plugins,lib,db,realtime,notifier,ledger,messaging}/**/!(*.test).ts',
                './server/src/!(main|seed-cli|*.test).ts',
              ],
              from: './server/src/demo',
              message: 'Demo data is for the seeder and tests only; production data it needs lives in platform/.',
            },
          ],
        },
      ],
    },
  },
  {
    // A handler reads as the steps of its request; the queries live in the feature's repository
    // (docs/decisions/010). Shared helpers in db/ that a repository calls are fine to import.
    files: ['server/src/features/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', message: "Route files leave queries to the feature's repository." }],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'MemberExpression[property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|transaction)$/]',
          message: "Route files leave queries to the feature's repository (<feature>.repository.ts).",
        },
      ],
    },
  },
  {
    // The zone above sees relative paths only; the workspace package name is the other way in.
    files: ['web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@rendezvous/server', '@rendezvous/server/*'],
              message: 'The web app never imports the server.',
            },
          ],
        },
      ],
    },
  },
);
