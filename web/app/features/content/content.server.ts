import {
  ACTIVATION_LINK_TTL_MS,
  countryCodeOf,
  DATA_EXPORT_TTL_MS,
  DEFAULT_LOCALE,
  EMAIL_CHANGE_LINK_TTL_MS,
  EMAIL_CHANGE_UNDO_LINK_TTL_MS,
  escapeHtml,
  isLocale,
  LOCALE_COOKIE_MAX_AGE_S,
  MIN_AGE,
  PASSWORD_RESET_LINK_TTL_MS,
  REGIONAL_CODES,
  SafeHtml,
  type Locale,
  type Settings,
} from '@rendezvous/contract';
import { Marked } from 'marked';
import type { ContentDocument, ContentTocEntry } from '../../components/content/content-document';
import { TRADENAME_SECTIONS, type ContentPage } from './content-pages';
import { authorityFor } from './data-protection-authorities';

/**
 * The texts, one Markdown file per page per language, bundled into the server build only: this
 * module is `.server`, so neither the files nor marked reach the browser.
 */
const SOURCES = import.meta.glob<string>('./pages/**/*.md', { query: '?raw', import: 'default', eager: true });

const marked = new Marked({ gfm: true });

const HEADING = /^## (.+?) \{#([a-z][a-z0-9-]*)\}\s*$/;
const INCLUDE = /^<!-- include: ([a-z-]+) -->\s*$/;
/** `<!-- if fictional_icon -->…<!-- end if -->`: text that holds only when a setting says so. */
const CONDITION = /<!-- if (!?)([a-z_]+) -->([\s\S]*?)<!-- end if -->/g;
const PLACEHOLDER = /\{([a-z_]+)\}/g;

interface Section {
  id: string;
  /** The heading's Markdown, placeholders still in it. */
  heading: string;
  /** The section's HTML, placeholders and conditions still in it. */
  html: string;
  /** Set on text kept in one language only (the English anti-trafficking policy). */
  lang?: Locale;
}

interface ParsedPage {
  locale: Locale;
  title: string;
  intro: string;
  sections: Section[];
}

function source(path: string): string {
  const text = SOURCES[path];
  if (text === undefined) throw new Error(`No content file ${path}`);
  return text;
}

/** Title, intro and `##` sections of a Markdown file; an include line brings in a shared file's sections. */
function parse(markdown: string, lang?: Locale): { title: string; intro: string; sections: Section[] } {
  let title = '';
  const intro: string[] = [];
  const sections: Section[] = [];
  let current: { id: string; heading: string; lines: string[]; lang?: Locale } | null = null;
  const close = () => {
    if (current) sections.push({ ...current, html: marked.parse(current.lines.join('\n'), { async: false }) });
    current = null;
  };
  for (const line of markdown.split(/\r?\n/)) {
    const include = INCLUDE.exec(line);
    const heading = HEADING.exec(line);
    if (include) {
      close();
      // Shared texts are English (the only one so far is the policy spec §2 keeps in English).
      sections.push(...parse(source(`./pages/shared/${include[1]}.md`), 'en').sections);
    } else if (heading) {
      close();
      current = { id: heading[2]!, heading: heading[1]!, lines: [], ...(lang ? { lang } : {}) };
    } else if (!title && !current && line.startsWith('# ')) {
      title = line.slice(2).trim();
    } else if (current) {
      (current as { lines: string[] }).lines.push(line);
    } else {
      intro.push(line);
    }
  }
  close();
  return { title, intro: marked.parse(intro.join('\n'), { async: false }), sections };
}

const parsed = new Map<string, ParsedPage>();

/** The page in this language (English where a language has none), parsed once per process. */
function parsedPage(page: ContentPage, wanted: Locale): ParsedPage {
  const locale = SOURCES[`./pages/${wanted}/${page}.md`] === undefined ? DEFAULT_LOCALE : wanted;
  const key = `${locale}/${page}`;
  let result = parsed.get(key);
  if (!result) {
    result = { locale, ...parse(source(`./pages/${key}.md`)) };
    parsed.set(key, result);
  }
  return result;
}

type Values = Record<string, string | SafeHtml>;

const link = (href: string, text: string) => new SafeHtml(`<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`);

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** The settings a text may name, each HTML-escaped when filled in. */
function placeholderValues(settings: Settings, locale: Locale): Values {
  const regional = REGIONAL_CODES[locale];
  const regions = new Intl.DisplayNames(regional, { type: 'region' });
  const countryCode = countryCodeOf(settings.company_country);
  const authority = authorityFor(settings.company_country);
  const costs = Object.entries(settings.minimum_message_costs).map(([country, price]) => {
    const amount = new Intl.NumberFormat(regional, { style: 'currency', currency: price.currency }).format(price.costs);
    return `${regions.of(country) ?? country}: ${amount}`;
  });
  const phone = settings.support_phone;
  return {
    site_name: settings.name,
    domain: settings.domain,
    fictional_plural: settings.fictional_plural,
    fictional_icon: new SafeHtml('<span class="badge" aria-hidden="true">★</span>'),
    company_name: settings.company_name,
    company_address: settings.company_address,
    company_city: settings.company_city,
    // A country we recognise ("NL", "Netherlands") reads in the page's language; anything else as written.
    company_country: (countryCode && regions.of(countryCode)) || settings.company_country,
    company_kvk: settings.company_kvk,
    vat_numbers: settings.company_vat_numbers.join(', '),
    tradenames: settings.company_tradenames.map((tradename) => tradename.name).join(', '),
    support_email: link(`mailto:${settings.support_email}`, settings.support_email),
    support_phone: link(`tel:${phone.replace(/[^\d+]/g, '')}`, phone),
    message_credits: String(settings.message_credits),
    welcome_credits: String(settings.welcome_credits),
    message_costs: costs.join('; '),
    min_age: String(MIN_AGE),
    authority: link(authority.url, authority.name),
    activation_link_days: String(ACTIVATION_LINK_TTL_MS / DAY_MS),
    password_reset_hours: String(PASSWORD_RESET_LINK_TTL_MS / HOUR_MS),
    email_change_hours: String(EMAIL_CHANGE_LINK_TTL_MS / HOUR_MS),
    email_change_undo_days: String(EMAIL_CHANGE_UNDO_LINK_TTL_MS / DAY_MS),
    data_export_days: String(DATA_EXPORT_TTL_MS / DAY_MS),
    locale_cookie_days: String(LOCALE_COOKIE_MAX_AGE_S / (DAY_MS / 1000)),
  };
}

/** Settings a condition may test. */
function conditions(settings: Settings): Record<string, boolean> {
  return {
    fictional_icon: settings.fictional_icon,
    support_phone: settings.support_phone.trim() !== '',
    vat_numbers: settings.company_vat_numbers.length > 0,
  };
}

/**
 * Replaces `{name}` placeholders, escaping plain values for HTML. An unknown name is a mistake in
 * a content file, so it throws rather than showing `{…}` to a visitor.
 */
function fill(text: string, values: Values, html: boolean): string {
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Content uses an unknown placeholder {${name}}`);
    if (value instanceof SafeHtml) return html ? value.html : value.html.replace(/<[^>]+>/g, '');
    return html ? escapeHtml(value) : value;
  });
}

function applyConditions(html: string, flags: Record<string, boolean>): string {
  return (
    html
      .replace(CONDITION, (_, negated: string, name: string, body: string) => {
        const flag = flags[name];
        if (flag === undefined) throw new Error(`Content tests an unknown setting ${name}`);
        return flag !== (negated === '!') ? body : '';
      })
      // A list item that was all condition (a phone number the site does not have) goes with it.
      .replace(/<li>\s*<\/li>\n?/g, '')
  );
}

/** Whether the site's company is billed under the tradename whose processor asks for the extra terms. */
export function showsTradenameSections(settings: Settings): boolean {
  const name = settings.compliance_tradename;
  return Boolean(name) && settings.company_tradenames.some((tradename) => tradename.name === name);
}

/** Markdown inline syntax a TOC entry shows as plain text. */
const plainHeading = (markdown: string) => markdown.replace(/[*_`]/g, '');

/** One content page for a site and language, ready for the route: title, table of contents and HTML. */
export function renderContentPage(
  page: ContentPage,
  requested: Locale | 'pseudo',
  settings: Settings,
): ContentDocument {
  const wanted = isLocale(requested) ? requested : DEFAULT_LOCALE;
  const source = parsedPage(page, wanted);
  const values = placeholderValues(settings, source.locale);
  const flags = conditions(settings);
  const hidden = new Set<string>(showsTradenameSections(settings) ? [] : TRADENAME_SECTIONS);
  const sections = source.sections.filter((section) => !hidden.has(section.id));

  const toc: ContentTocEntry[] = sections.map((section) => ({
    id: section.id,
    title: fill(plainHeading(section.heading), values, false),
  }));
  const html = [
    applyConditions(fill(source.intro, values, true), flags),
    ...sections.map((section) => {
      const heading = fill(marked.parseInline(section.heading, { async: false }), values, true);
      const lang = section.lang && section.lang !== source.locale ? ` lang="${section.lang}"` : '';
      // tabindex lets the table of contents move the keyboard focus to the section it scrolled to.
      return (
        `<section aria-labelledby="${section.id}"${lang}>` +
        `<h2 id="${section.id}" tabindex="-1">${heading}</h2>\n` +
        applyConditions(fill(section.html, values, true), flags) +
        '</section>'
      );
    }),
  ].join('\n');
  return {
    locale: source.locale,
    requestedLocale: requested,
    title: fill(source.title, values, false),
    toc,
    html,
  };
}
