import { useCallback } from 'react';
import { countryDisplayNames, regionalCodeOf } from '../../lib/country-display-names';
import { useLocale } from '../../lib/locale';
import { useOptionalWebContext } from '../../lib/use-web-context';

/** The interface language's regional code for Intl. */
export function useRegionalCode(): string {
  return regionalCodeOf(useLocale().locale);
}

/**
 * Country names in the interface language: the page's own countries as the server named them
 * (`country_names`, while the page is in the language it came in), any other from the browser's
 * list, made on first use.
 */
export function useCountryNames(): (code: string) => string {
  const { locale } = useLocale();
  const web = useOptionalWebContext();
  const named = web?.locale === locale ? web.country_names : undefined;
  return useCallback(
    (code: string) => named?.[code] ?? countryDisplayNames(regionalCodeOf(locale)).of(code) ?? code,
    [named, locale],
  );
}
