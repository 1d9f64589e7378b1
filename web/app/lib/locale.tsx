import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, REGIONAL_CODES, type Locale } from '@rendezvous/contract';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCatalogue } from './catalogue-loader';
import { writeCookie } from './cookies';
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
