import type { Catalogue, Locale } from '@rendezvous/contract';
import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * One i18next instance per render: on the server per request, in the browser
 * once at hydration. The catalogue arrives with the page, so init is synchronous.
 */
export function createI18n(locale: Locale | 'pseudo', messages: Catalogue): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: messages } },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
