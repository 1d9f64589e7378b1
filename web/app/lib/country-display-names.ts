import { REGIONAL_CODES, type Locale } from '@rendezvous/contract';

/** The interface language's regional code for Intl, English for the pseudo-locale. */
export function regionalCodeOf(locale: Locale | 'pseudo'): string {
  return locale === 'pseudo' ? REGIONAL_CODES.en : REGIONAL_CODES[locale];
}

// One list per language: making the first costs a browser tens of milliseconds on a phone (it
// loads the language's country names), so a page's own names come with it (`pageCountryNames`).
const displayNames = new Map<string, Intl.DisplayNames>();

export function countryDisplayNames(regional: string): Intl.DisplayNames {
  let names = displayNames.get(regional);
  if (!names) {
    names = new Intl.DisplayNames([regional], { type: 'region' });
    displayNames.set(regional, names);
  }
  return names;
}

/** These countries' names in the language, by code. */
export function countryNamesIn(locale: Locale | 'pseudo', codes: readonly string[]): Record<string, string> {
  const names = countryDisplayNames(regionalCodeOf(locale));
  return Object.fromEntries(codes.map((code) => [code, names.of(code) ?? code]));
}
