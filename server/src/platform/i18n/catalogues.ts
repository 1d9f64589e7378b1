import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { LOCALES, PSEUDO_LOCALE, type Catalogue, type Locale } from '@rendezvous/contract';

export interface Catalogues {
  /** Changes whenever any catalogue changes, so URLs carrying it can be cached forever. */
  hash: string;
  get(locale: Locale | typeof PSEUDO_LOCALE): Catalogue;
  /**
   * What a page carries in its HTML: the operator console's namespace only on the console's own
   * pages, so members never download the staff screens' words.
   */
  forPage(locale: Locale | typeof PSEUDO_LOCALE, page: 'console' | 'members'): Catalogue;
}

/** The namespace of the operator console's strings (web/app/console). */
export const CONSOLE_NAMESPACE = 'console';

/** Every value replaced by its own key, so untranslated text stands out (style guide: i18n). */
function pseudoCatalogue(catalogue: Catalogue, prefix = ''): Catalogue {
  return Object.fromEntries(
    Object.entries(catalogue).map(([key, value]) => {
      const fullKey = prefix ? `${prefix}.${key}` : key;
      return [key, typeof value === 'string' ? `[[${fullKey}]]` : pseudoCatalogue(value, fullKey)];
    }),
  );
}

export function loadCatalogues(dir: string): Catalogues {
  const sources = new Map<Locale, string>();
  for (const locale of LOCALES) sources.set(locale, fs.readFileSync(path.join(dir, `${locale}.json`), 'utf8'));
  const hash = createHash('sha256')
    .update([...sources.values()].join('\n'))
    .digest('hex')
    .slice(0, 12);
  const parsed = new Map<string, Catalogue>();
  for (const [locale, source] of sources) parsed.set(locale, JSON.parse(source) as Catalogue);
  parsed.set(PSEUDO_LOCALE, pseudoCatalogue(parsed.get('en') ?? {}));
  const forMembers = new Map(
    [...parsed].map(([locale, catalogue]) => {
      const { [CONSOLE_NAMESPACE]: _console, ...rest } = catalogue;
      return [locale, rest];
    }),
  );
  return {
    hash,
    get: (locale) => parsed.get(locale) ?? {},
    forPage: (locale, page) => (page === 'console' ? parsed : forMembers).get(locale) ?? {},
  };
}

/**
 * One text of a catalogue by its dotted key, with `{{name}}` filled in, for the few words the
 * server itself shows or sends (the test checkout, a payment's description). A missing key is a
 * catalogue bug, so it throws rather than showing the key.
 */
export function catalogueText(catalogue: Catalogue, key: string, values: Record<string, string> = {}): string {
  let entry: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) entry = typeof entry === 'object' ? entry[part] : undefined;
  if (typeof entry !== 'string') throw new Error(`The catalogue has no ${key}`);
  return entry.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => values[name] ?? '');
}
