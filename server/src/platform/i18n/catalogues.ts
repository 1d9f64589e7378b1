import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { LOCALES, PSEUDO_LOCALE, type Catalogue, type Locale } from '@rendezvous/contract';

export interface Catalogues {
  /** Changes whenever any catalogue changes, so URLs carrying it can be cached forever. */
  hash: string;
  get(locale: Locale | typeof PSEUDO_LOCALE): Catalogue;
}

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
  return {
    hash,
    get: (locale) => parsed.get(locale) ?? {},
  };
}
