import fs from 'node:fs';
import path from 'node:path';
import { VALIDATION } from '@rendezvous/contract';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { ROUTES, routeId, type Layout } from '../route-table';
import {
  CONSOLE_NAMESPACE,
  CONSOLE_ONLY_RULES,
  coversEntry,
  namespacesForRoute,
  namespacesForRouteFile,
  pickNamespaces,
  SHELL_NAMESPACES,
  showsRegions,
} from './catalogue-namespaces';

const APP = path.resolve(import.meta.dirname, '..');
const NAMESPACES = new Set(Object.keys(en));
const flatKeys = (part: unknown, at: string): string[] =>
  typeof part === 'object' && part !== null
    ? Object.entries(part).flatMap(([key, value]) => flatKeys(value, at ? `${at}.${key}` : key))
    : [at];
const CATALOGUE_KEYS = flatKeys(en, '');
// A quoted text shaped like a key that begins no key of the catalogue ('home.nl', a domain) is not one.
const beginsAKey = (text: string) => CATALOGUE_KEYS.some((key) => key.startsWith(text));
const STATIC_IMPORT = /(?:import|export)\s+(type\s+)?(?:[^'"]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;
const DYNAMIC_IMPORT = /import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
// Comments name keys to explain them; only code shows words. (A comment after code on its line stays.)
const BLOCK_COMMENT = /\/\*[\s\S]*?\*\//g;
const LINE_COMMENT = /^\s*\/\/.*$/gm;
// A key in the source: a quoted or template string that starts with a namespace and a dot, up to
// where it ends or a template's variable part begins (`landers.niches.${key}` → 'landers.niches.').
const KEY = /['"`]([a-z_]+\.[a-zA-Z_$][a-zA-Z0-9_.]*)/g;
// Words a field's message takes from the catalogue by the rule the checks name, not by a key in the
// source: the contract's rules, and the words for a field by its name or its label.
const FIELD_MESSAGES = path.join(APP, 'components/profile-fields/messages.ts');
// A field's own words are asked for by the name its form gives it (`validation.fields.<name>`), in
// a module that words its fields' messages (itself, or through the form's field components).
const WORDS_FIELD_MESSAGES = /from\s+['"][./]*(?:components\/)?(?:profile-fields\/messages|forms\/form-fields)['"]/;
const FIELD_NAME = /\bname(?:=|:\s*)['"]([a-z_]+)['"]|register\(\s*['"]([a-z_]+)['"]/g;
const WORDED_FIELDS = new Set(Object.keys(en.validation.fields));
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
    if (file === FIELD_MESSAGES) {
      for (const key of Object.values(VALIDATION))
        if (beginsAKey(key) && !CONSOLE_ONLY_RULES.includes(key)) used.add(key);
      used.add('validation.named.');
    }
    if (file === THIS_LIST) continue;
    const source = fs
      .readFileSync(file, 'utf8')
      .replace(DYNAMIC_IMPORT, '')
      .replace(BLOCK_COMMENT, '')
      .replace(LINE_COMMENT, '');
    if (WORDS_FIELD_MESSAGES.test(source)) {
      for (const [, byProp, byRegister] of source.matchAll(FIELD_NAME)) {
        const field = byProp ?? byRegister!;
        if (WORDED_FIELDS.has(field)) used.add(`validation.fields.${field}`);
      }
    }
    for (const [, found] of source.matchAll(KEY)) {
      const key = found!.replace(/\$$/, '');
      // messages.ts asks for `validation.fields.${name}`: the fields are found by name above.
      if (key === 'validation.fields.') continue;
      if (NAMESPACES.has(key.split('.')[0]!) && beginsAKey(key)) used.add(key);
    }
  }
  return used;
}

// The shell's parts the top bar shows a logged-in member only.
const MEMBER_ONLY_MODULES = ['components/shell/install-app.tsx', 'components/shell/activate-reminder.tsx'].map((file) =>
  path.join(APP, file),
);

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
      const files = firstScreenFiles(entry);
      if (entry.access !== 'member') {
        const asVisitor = namespacesForRoute(routeId(entry));
        const visitorFiles = [...files].filter((file) => !MEMBER_ONLY_MODULES.includes(file));
        const missing = [...keysUsedBy(visitorFiles)].filter((key) => !asVisitor.some((had) => coversEntry(had, key)));
        expect(missing).toEqual([]);
      }
      const asMember = namespacesForRoute(routeId(entry), { loggedIn: true });
      const missingForMember = [...keysUsedBy(files)].filter((key) => !asMember.some((had) => coversEntry(had, key)));
      expect(missingForMember).toEqual([]);
    },
  );

  it('gives a member the words of the sign-up step the server renders for them where the form starts a page', () => {
    const laterSteps = keysUsedBy(staticClosure(path.join(APP, 'features/signup/components/later-steps.tsx')));
    const signupForm = path.join(APP, 'features/signup/components/signup-form.tsx');
    // These show the form to visitors only; a member gets a link on.
    const visitorsOnly = new Set(['routes/member-lander.tsx', 'routes/signup-matches.tsx']);
    const formRoutes = ROUTES.filter(
      (entry) => firstScreenFiles(entry).has(signupForm) && !visitorsOnly.has(entry.file),
    );
    expect(formRoutes.map((entry) => entry.name)).toEqual(expect.arrayContaining(['signup', 'landers-video-slug']));
    for (const entry of formRoutes) {
      const given = namespacesForRoute(routeId(entry), { loggedIn: true });
      const missing = [...laterSteps].filter((key) => !given.some((had) => coversEntry(had, key)));
      expect(missing, entry.name).toEqual([]);
    }
    expect(namespacesForRoute('signup')).not.toContain('signup');
  });

  it('lists every route module and only entries the catalogue has', () => {
    for (const entry of ROUTES) expect(namespacesForRouteFile(entry.file), entry.file).toBeDefined();
    for (const entry of ROUTES) {
      for (const name of namespacesForRoute(entry.name)) {
        expect(
          CATALOGUE_KEYS.some((key) => coversEntry(name, key)),
          name,
        ).toBe(true);
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
    expect(namespacesForRoute('index')).not.toContain('validation.required');
    expect(namespacesForRoute('login')).toContain('validation.required');
    // A lander's form is the account step: the words of its own fields, not of the later steps'.
    expect(namespacesForRoute('landers-video-slug')).toContain('validation.fields.password');
    expect(namespacesForRoute('landers-video-slug')).not.toContain('validation.fields');
  });

  it('knows the first screens with a region field, whose region names come with the page’s region data', () => {
    expect(showsRegions('members')).toBe(true);
    expect(showsRegions('index')).toBe(false);
    // The sign-up page starts a member at a later step, where the location is asked.
    expect(showsRegions('signup')).toBe(false);
    expect(showsRegions('signup', { loggedIn: true })).toBe(true);
    // Without the region data (a page opened in the browser that did not bring it), the catalogue's names.
    expect(namespacesForRoute('members')).toContain('regions');
    expect(namespacesForRoute('members', { regionNamesInData: true })).not.toContain('regions');
    expect(namespacesForRoute('members', { regionNamesInData: true })).toContain('search');
  });

  it('gives a lander the words of its own niche only', () => {
    const entries = namespacesForRoute('landers-video-slug', { niche: 'bdsm' });
    expect(entries).toContain('landers.niches.bdsm');
    expect(entries).not.toContain('landers.niches');
    const picked = pickNamespaces(en, entries) as { landers: { niches: Record<string, unknown> } };
    expect(Object.keys(picked.landers.niches)).toEqual(['bdsm']);
    // A route that shows no niche's words is not given one.
    expect(namespacesForRoute('login', { niche: 'bdsm' }).some((entry) => entry.startsWith('landers'))).toBe(false);
  });

  it('leaves out of members’ pages only the rules the console alone checks', () => {
    const repo = path.resolve(APP, '../..');
    const sources = ['server/src', 'contract/src', 'web/app'].flatMap((dir) =>
      fs
        .readdirSync(path.join(repo, dir), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
        .map((file) => path.join(dir, file))
        // Where the rules are named, not checked.
        .filter((file) => !['contract/src/validation.ts', 'web/app/lib/catalogue-namespaces.ts'].includes(file)),
    );
    const names = Object.entries(VALIDATION);
    for (const rule of CONSOLE_ONLY_RULES) {
      const name = names.find(([, key]) => key === rule)?.[0];
      const checkedBy = sources.filter((file) => {
        const source = fs.readFileSync(path.join(repo, file), 'utf8');
        return source.includes(`'${rule}'`) || (name !== undefined && source.includes(`VALIDATION.${name}`));
      });
      expect(checkedBy.length, rule).toBeGreaterThan(0);
      expect(
        checkedBy.filter((file) => !/(^|\/)console[-/]/.test(file)),
        rule,
      ).toEqual([]);
    }
    expect(namespacesForRoute('login')).not.toContain('validation.snippet_shortcut');
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

  it('cuts out single keys and the keys a prefix names', () => {
    const catalogue = {
      signup: { title: 'Sign up', value_female: 'Woman', value_male: 'Man', photo_title: 'A photo' },
      credits: { cost: '1 credit', buy: 'Buy' },
    };
    const entries = ['signup.value_*', 'signup.title', 'credits.cost', 'credits.gone_*'];
    expect(pickNamespaces(catalogue, entries)).toEqual({
      signup: { title: 'Sign up', value_female: 'Woman', value_male: 'Man' },
      credits: { cost: '1 credit' },
    });
    expect(coversEntry('signup.value_*', 'signup.value_female')).toBe(true);
    expect(coversEntry('signup.value_*', 'signup.value_')).toBe(true);
    expect(coversEntry('signup.value_*', 'signup.photo_title')).toBe(false);
    expect(coversEntry('signup.value_*', 'signup')).toBe(false);
    expect(coversEntry('credits.cost', 'credits')).toBe(false);
  });
});
