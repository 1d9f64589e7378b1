import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  PSEUDO_LOCALE,
  REGIONAL_CODES,
  type Locale,
} from '@rendezvous/contract';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCatalogue } from './catalogue-loader';
import { readCookie, writeCookie } from './cookies';
import type { PageWebContext } from './web-context';

interface LocaleState {
  locale: PageWebContext['locale'];
  changeLocale(locale: Locale): Promise<void>;
}

const LocaleContext = createContext<LocaleState | null>(null);

export function LocaleProvider({ initial, children }: { initial: PageWebContext; children: ReactNode }) {
  const { i18n } = useTranslation();
  const [locale, setLocale] = useState(initial.locale);
  const hash = initial.i18n.hash;

  // Spec §9: the language the server detected from the browser's languages is kept in the cookie
  // too, so later visits keep it even when the browser sends other languages. The pseudo-locale
  // is a test tool that only a cookie turns on, so there is nothing to keep.
  const detected = initial.locale;
  useEffect(() => {
    if (detected !== PSEUDO_LOCALE && readCookie(LOCALE_COOKIE) !== detected) {
      writeCookie(LOCALE_COOKIE, detected, LOCALE_COOKIE_MAX_AGE_S);
    }
  }, [detected]);

  const changeLocale = useCallback(
    async (next: Locale) => {
      writeCookie(LOCALE_COOKIE, next, LOCALE_COOKIE_MAX_AGE_S);
      try {
        if (!i18n.hasResourceBundle(next, 'translation')) {
          i18n.addResourceBundle(next, 'translation', await loadCatalogue(hash, next));
        }
        await i18n.changeLanguage(next);
        document.documentElement.lang = REGIONAL_CODES[next];
        setLocale(next);
      } catch (error) {
        // Spec §8: a catalogue that fails to load is a warning; the page stays in its language.
        console.warn('Could not load the catalogue', next, error);
      }
    },
    [hash, i18n],
  );

  const value = useMemo(() => ({ locale, changeLocale }), [locale, changeLocale]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

export function useLocale(): LocaleState {
  const state = useContext(LocaleContext);
  if (!state) throw new Error('useLocale outside LocaleProvider');
  return state;
}
