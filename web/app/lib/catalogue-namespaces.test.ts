import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { ROUTES, routeId, type Layout } from '../route-table';
import {
  CONSOLE_NAMESPACE,
  coversEntry,
  FORM_NAMESPACES,
  namespacesForRoute,
  namespacesForRouteFile,
  pickNamespaces,
  SHELL_NAMESPACES,
} from './catalogue-namespaces';

const APP = path.resolve(import.meta.dirname, '..');
const NAMESPACES = new Set(Object.keys(en));
const STATIC_IMPORT = /(?:import|export)\s+(type\s+)?(?:[^'"]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;
const DYNAMIC_IMPORT = /import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
// A key in the source: a quoted or template string that starts with a namespace and a dot, up to
// where it ends or a template's variable part begins (`landers.niches.${key}` → 'landers.niches.').
const KEY = /['"`]([a-z_]+\.[a-zA-Z_$][a-zA-Z0-9_.]*)/g;
// Words a field's message takes from the catalogue by the rule the checks name, not by a key in the source.
const FIELD_MESSAGES = path.join(APP, 'components/profile-fields/messages.ts');
// The list itself names entries, not words a screen shows.
const THIS_LIST = path.join(APP, 'lib/catalogue-namespaces.ts');

function resolve(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((file) =>
    fs.existsSync(file),
  );
}

/** A module and everything it imports statically: what renders with it, before anything lazy. */
function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const [, typeOnly, specifier] of fs.readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
    const target = typeOnly ? undefined : resolve(file, specifier!);
    if (target) staticClosure(target, seen);
  }
  return seen;
}

/** The keys (or their fixed beginnings) a set of modules uses, whole namespaces for field messages. */
function keysUsedBy(files: Iterable<string>): Set<string> {
  const used = new Set<string>();
  for (const file of files) {
    if (file === FIELD_MESSAGES) for (const namespace of FORM_NAMESPACES) used.add(namespace);
    if (file === THIS_LIST) continue;
    const source = fs.readFileSync(file, 'utf8').replace(DYNAMIC_IMPORT, '');
    for (const [, key] of source.matchAll(KEY))
      if (NAMESPACES.has(key!.split('.')[0]!)) used.add(key!.replace(/\$$/, ''));
  }
  return used;
}

const LAYOUT_FILES: Record<Layout, string> = {
  default: 'layouts/default.tsx',
  chat: 'layouts/chat.tsx',
  empty: 'layouts/empty.tsx',
  lander: 'layouts/lander.tsx',
};

/** What a route's first HTML renders: root, layout, guard, the route module and the lazy parts it defines. */
function firstScreenFiles(entry: (typeof ROUTES)[number]): Set<string> {
  const routeFile = path.join(APP, entry.file);
  const files = staticClosure(path.join(APP, 'root.tsx'));
  staticClosure(path.join(APP, LAYOUT_FILES[entry.layout]), files);
  if (entry.access === 'member') staticClosure(path.join(APP, 'guards/require-member.tsx'), files);
  staticClosure(routeFile, files);
  for (const [, specifier] of fs.readFileSync(routeFile, 'utf8').matchAll(DYNAMIC_IMPORT)) {
    const target = resolve(routeFile, specifier!);
    if (target) staticClosure(target, files);
  }
  return files;
}

describe('the catalogue namespaces a first HTML carries', () => {
  it.each(ROUTES.map((entry) => [entry.name, entry] as const))(
    '%s gets every namespace its first screen uses',
    (_name, entry) => {
      const given = namespacesForRoute(routeId(entry));
      const missing = [...keysUsedBy(firstScreenFiles(entry))].filter(
        (key) => !given.some((had) => coversEntry(had, key)),
      );
      expect(missing).toEqual([]);
    },
  );

  it('lists every route module and only entries the catalogue has', () => {
    for (const entry of ROUTES) expect(namespacesForRouteFile(entry.file), entry.file).toBeDefined();
    for (const entry of ROUTES) {
      for (const name of namespacesForRoute(entry.name)) {
        const found = name.split('.').reduce<unknown>((part, key) => (part as Record<string, unknown>)?.[key], en);
        expect(found, name).toBeDefined();
      }
    }
  });

  it('leaves the big namespaces out of the public first screens', () => {
    for (const name of ['index', 'login']) {
      expect(namespacesForRoute(name)).not.toContain('signup');
      expect(namespacesForRoute(name)).not.toContain('chats');
      expect(namespacesForRoute(name)).not.toContain(CONSOLE_NAMESPACE);
    }
    expect(namespacesForRoute('landers-video-slug')).not.toContain('credits');
    expect(namespacesForRoute('landers-video-slug')).toContain('landers.video');
    expect(namespacesForRoute('landers-video-slug')).not.toContain('landers.map');
    expect(namespacesForRoute('index')).not.toContain('validation');
    expect(namespacesForRoute('login')).toContain('validation');
  });

  it('names a route the same by any of its aliases', () => {
    expect(namespacesForRoute('members@/search')).toEqual(namespacesForRoute('members'));
  });

  it('gives pages outside the table the shell, and the console its own words', () => {
    expect(namespacesForRoute('not-found')).toEqual([...SHELL_NAMESPACES]);
    expect(namespacesForRoute('console-inbox')).toEqual([...SHELL_NAMESPACES, CONSOLE_NAMESPACE]);
  });

  it('cuts a catalogue down to the namespaces asked for, skipping those it lacks', () => {
    const catalogue = { home: { title: 'Home' }, signup: { title: 'Sign up' }, nav: { login: 'Log in' } };
    expect(pickNamespaces(catalogue, ['home', 'nav', 'unknown'])).toEqual({
      home: { title: 'Home' },
      nav: { login: 'Log in' },
    });
  });

  it('cuts out a part of a namespace by its path, and keeps a namespace asked for whole whole', () => {
    const catalogue = { landers: { common: { cta: 'Join' }, video: { live: 'Live' }, map: { title: 'Map' } } };
    expect(pickNamespaces(catalogue, ['landers.common', 'landers.video', 'landers.gone'])).toEqual({
      landers: { common: { cta: 'Join' }, video: { live: 'Live' } },
    });
    expect(pickNamespaces(catalogue, ['landers.video', 'landers'])).toEqual(catalogue);
    expect(pickNamespaces(catalogue, ['landers', 'landers.video'])).toEqual(catalogue);
  });
});
