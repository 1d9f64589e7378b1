import { DEFAULT_LOCALE, isLocale, PSEUDO_LOCALE, type Locale } from '@rendezvous/contract';

/** Accept-Language entries in the order the browser prefers them. */
function preferredLanguages(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const quality = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: quality ? Number(quality.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** Spec §1: the cookie, then the browser's languages, then English; no path prefix. */
export function detectLocale(
  cookie: string | undefined,
  acceptLanguage: string | undefined,
  allowPseudo: boolean,
): Locale | typeof PSEUDO_LOCALE {
  if (cookie === PSEUDO_LOCALE && allowPseudo) return PSEUDO_LOCALE;
  if (isLocale(cookie)) return cookie;
  for (const tag of preferredLanguages(acceptLanguage ?? '')) {
    const primary = tag.split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}
