/** The interface languages of spec §1, default first. */
export const LOCALES = ['en', 'nl', 'de', 'it', 'fr', 'es', 'pl'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE = 'en' satisfies Locale;

/** Regional codes of spec §1, used for <html lang> and Intl formatting. */
export const REGIONAL_CODES: Record<Locale, string> = {
  en: 'en-US',
  nl: 'nl-NL',
  de: 'de-DE',
  it: 'it-IT',
  fr: 'fr-FR',
  es: 'es-ES',
  pl: 'pl-PL',
};

/** Spec §9: the locale cookie and how long it lives. */
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * A locale that shows every key instead of its text, so a browser run can spot
 * visible strings that bypassed translation. Only served outside production.
 */
export const PSEUDO_LOCALE = 'pseudo';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
