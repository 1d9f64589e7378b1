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
            // The web feature is the server's composition point: it renders pages from the others.
            ...featureZones('./server/src/features', ['web']),
          ],
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
