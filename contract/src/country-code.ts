/*
 * `company_country` is free text in a site's settings ("Netherlands", "NL"): the footer, the terms,
 * the privacy statement and the payment mails name it in the reader's language, so they read it
 * as a country code.
 */

/** Names operators write instead of the English short name Intl gives. */
const ALIASES: Record<string, string> = {
  'the netherlands': 'NL',
  holland: 'NL',
  nederland: 'NL',
  deutschland: 'DE',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  uk: 'GB',
  'united kingdom of great britain and northern ireland': 'GB',
  belgië: 'BE',
  belgique: 'BE',
  österreich: 'AT',
  éire: 'IE',
  españa: 'ES',
  italia: 'IT',
  polska: 'PL',
};

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
let englishNames: Map<string, string> | undefined;

/** The code in use today for a region code, withdrawn ones included ("UK" is "GB"). */
function currentCode(code: string): string {
  return Intl.getCanonicalLocales(`und-${code}`)[0]!.slice('und-'.length);
}

/** Every ISO 3166-1 code Intl knows, by its English short name in lower case; made once, on first use. */
function codesByEnglishName(): Map<string, string> {
  if (!englishNames) {
    const display = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
    englishNames = new Map();
    for (const first of LETTERS) {
      for (const second of LETTERS) {
        const code = first + second;
        const name = display.of(code);
        // A withdrawn code ("UK", "DD") shares its successor's name; the name means the current one.
        if (name && currentCode(code) === code) englishNames.set(name.toLowerCase(), code);
      }
    }
  }
  return englishNames;
}

/** The ISO code of a country written as a code ("NL") or a name ("Netherlands", "Holland"); null if unknown. */
export function countryCodeOf(country: string): string | null {
  const text = country.trim();
  if (/^[A-Za-z]{2}$/.test(text)) return currentCode(text.toUpperCase());
  const key = text.toLowerCase();
  return ALIASES[key] ?? codesByEnglishName().get(key) ?? null;
}

/** The country as `locale` names it when it is one we recognise; anything else as written. */
export function countryNameIn(country: string, locale: string): string {
  const code = countryCodeOf(country);
  return (code && new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }).of(code)) || country;
}
