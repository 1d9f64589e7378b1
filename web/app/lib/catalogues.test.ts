import fs from 'node:fs';
import path from 'node:path';
import { AUDIT_ACTIONS, LOCALES } from '@rendezvous/contract';
import { describe, expect, it } from 'vitest';

type Catalogue = { [key: string]: string | Catalogue };
const dir = path.resolve(import.meta.dirname, '../../locales');
const read = (locale: string) => JSON.parse(fs.readFileSync(path.join(dir, `${locale}.json`), 'utf8')) as Catalogue;

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(full, value);
    else for (const [k, v] of flatten(value, full)) entries.set(k, v);
  }
  return entries;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();
const english = flatten(read('en'));

describe.each(LOCALES.filter((locale) => locale !== 'en'))('the %s catalogue', (locale) => {
  const catalogue = flatten(read(locale));

  it('has exactly the keys of en.json', () => {
    expect([...catalogue.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('keeps every placeholder and leaves no value empty', () => {
    for (const [key, text] of english) {
      const translated = catalogue.get(key) ?? '';
      expect(translated.trim(), key).not.toBe('');
      expect(placeholders(translated), key).toEqual(placeholders(text));
    }
  });

  it('is translated, not English copied over', () => {
    // Language names are endonyms, the same in every catalogue, as are most place names ("Ohio");
    // placeholders are not words.
    const words = (text: string) => text.replace(/\{\{\s*\w+\s*\}\}/g, '');
    const proper = (key: string) => key.startsWith('languages.') || key.startsWith('regions.');
    const same = [...english].filter(
      ([key, text]) => !proper(key) && catalogue.get(key) === text && /[a-z]{4,}/i.test(words(text)),
    );
    // A few words are the same in both languages (brand names, "Error" in Dutch…); whole sections are not.
    expect(same.length / english.size).toBeLessThan(0.1);
  });
});

describe('codes the server sends for the console to name', () => {
  it('names every audit action, so the audit log shows no raw code', () => {
    const unnamed = AUDIT_ACTIONS.filter(
      (action) => !english.has(`console.audit.actions.${action.replaceAll('.', '_')}`),
    );
    expect(unnamed).toEqual([]);
  });
});
