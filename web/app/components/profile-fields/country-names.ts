import { REGIONAL_CODES } from '@rendezvous/contract';
import { useCallback, useMemo } from 'react';
import { useLocale } from '../../lib/locale';

/** The interface language's regional code for Intl, English for the pseudo-locale. */
export function useRegionalCode(): string {
  const { locale } = useLocale();
  return locale === 'pseudo' ? REGIONAL_CODES.en : REGIONAL_CODES[locale];
}

/** Country names in the interface language, from the browser's own list (no catalogue needed). */
export function useCountryNames(): (code: string) => string {
  const regional = useRegionalCode();
  const names = useMemo(() => new Intl.DisplayNames([regional], { type: 'region' }), [regional]);
  return useCallback((code: string) => names.of(code) ?? code, [names]);
}
