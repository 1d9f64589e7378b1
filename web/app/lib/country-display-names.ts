import { REGIONAL_CODES, type Locale } from '@rendezvous/contract';
import { madeOnce } from './made-once';

/** The interface language's regional code for Intl, English for the pseudo-locale. */
export function regionalCodeOf(locale: Locale | 'pseudo'): string {
  return locale === 'pseudo' ? REGIONAL_CODES.en : REGIONAL_CODES[locale];
}

// One list per language, made on first use. The page's own countries come named with it
// (`country_names`, page-web-context.ts): a page whose first screen uses no other Intl object
// would otherwise load the browser's locale data for them while it hydrates.
export const countryDisplayNames = madeOnce(
  (regional: string) => new Intl.DisplayNames([regional], { type: 'region' }),
);

/** These countries' names in the language, by code. */
export function countryNamesIn(locale: Locale | 'pseudo', codes: readonly string[]): Record<string, string> {
  const names = countryDisplayNames(regionalCodeOf(locale));
  return Object.fromEntries(codes.map((code) => [code, names.of(code) ?? code]));
}
