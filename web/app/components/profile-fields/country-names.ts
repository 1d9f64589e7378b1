import { REGIONAL_CODES } from '@rendezvous/contract';
import { useCallback } from 'react';
import { useLocale } from '../../lib/locale';

/** The interface language's regional code for Intl, English for the pseudo-locale. */
export function useRegionalCode(): string {
  const { locale } = useLocale();
  return locale === 'pseudo' ? REGIONAL_CODES.en : REGIONAL_CODES[locale];
}

// One list per language for the page: a members page names a country on each of its cards.
const displayNames = new Map<string, Intl.DisplayNames>();

function namesIn(regional: string): Intl.DisplayNames {
  let names = displayNames.get(regional);
  if (!names) {
    names = new Intl.DisplayNames([regional], { type: 'region' });
    displayNames.set(regional, names);
  }
  return names;
}

/** Country names in the interface language, from the browser's own list (no catalogue needed). */
export function useCountryNames(): (code: string) => string {
  const names = namesIn(useRegionalCode());
  return useCallback((code: string) => names.of(code) ?? code, [names]);
}
