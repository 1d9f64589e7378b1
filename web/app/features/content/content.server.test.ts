import { LOCALES } from '@rendezvous/contract';
import { describe, expect, it } from 'vitest';
import { makeSettings } from '../../test/render';
import {
  CONTENT_PAGES,
  CONTENT_SECTIONS,
  ENGLISH_ONLY_SECTION,
  TRADENAME_SECTIONS,
  type ContentPage,
} from './content-pages';
import { renderContentPage, showsTradenameSections } from './content.server';

/** A company whose every detail is recognisable, and needs escaping, in the rendered text. */
const billed = makeSettings({
  name: 'Liefde & Later',
  domain: 'liefdelater.test',
  fictional_plural: 'gastvrouwen',
  company_name: 'Zilverlicht <Media> B.V.',
  company_address: 'Prinsengracht 263',
  company_city: '1016 GV Amsterdam',
  company_country: 'NL',
  company_kvk: '76543210',
  company_vat_numbers: ['NL123456789B01'],
  company_tradenames: [
    { id: 1, name: 'Liefde Later' },
    { id: 2, name: 'ZL Billing' },
  ],
  compliance_tradename: 'ZL Billing',
  support_email: 'help@liefdelater.test',
  support_phone: '+31 20 123 4567',
  message_credits: 12,
  minimum_message_costs: { NL: { costs: 1.99, currency: 'EUR' } },
});
/** The same company without the tradename its processor's extra sections are for. */
const unbilled = { ...billed, company_tradenames: [{ id: 1, name: 'Liefde Later' }] };

const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ');

describe.each(LOCALES)('the content pages in %s', (locale) => {
  it.each(CONTENT_PAGES)('%s has its own text with every section, in order', (page: ContentPage) => {
    const document = renderContentPage(page, locale, billed);
    expect(document.locale).toBe(locale);
    expect(document.title.length).toBeGreaterThan(2);
    expect(document.toc.map((entry) => entry.id)).toEqual(CONTENT_SECTIONS[page]);
    for (const id of CONTENT_SECTIONS[page]) expect(document.html).toContain(`<h2 id="${id}" tabindex="-1">`);
  });

  it.each(CONTENT_PAGES)('%s fills in every placeholder, escaped', (page: ContentPage) => {
    const document = renderContentPage(page, locale, billed);
    for (const text of [document.title, document.html, ...document.toc.map((entry) => entry.title)]) {
      expect(text).not.toMatch(/\{[a-z_]+\}|\{#|<!--/);
    }
    expect(document.html).not.toContain('<Media>');
  });

  it('names the company and its details from the settings in the terms and the privacy statement', () => {
    for (const page of ['terms', 'privacy'] as const) {
      const html = renderContentPage(page, locale, billed).html;
      expect(html).toContain('Zilverlicht &lt;Media&gt; B.V.');
      expect(html).toContain('Prinsengracht 263');
      expect(html).toContain('76543210');
      expect(html).toContain('href="mailto:help@liefdelater.test"');
    }
    const terms = renderContentPage('terms', locale, billed);
    expect(terms.html).toContain('gastvrouwen');
    expect(terms.html).toContain('NL123456789B01');
    expect(textOf(terms.html)).toContain('12');
    const privacy = renderContentPage('privacy', locale, billed);
    // Company country NL: the Dutch authority.
    expect(privacy.html).toContain('href="https://autoriteitpersoonsgegevens.nl"');
  });

  it('shows the copyright-takedown and record-keeping sections only for the tradename that needs them', () => {
    const without = renderContentPage('terms', locale, unbilled);
    expect(without.toc.map((entry) => entry.id)).toEqual(
      CONTENT_SECTIONS.terms.filter((id) => !(TRADENAME_SECTIONS as readonly string[]).includes(id)),
    );
    for (const id of TRADENAME_SECTIONS) expect(without.html).not.toContain(`id="${id}"`);
    expect(renderContentPage('terms', locale, { ...billed, compliance_tradename: undefined }).html).not.toContain(
      'id="record-keeping"',
    );
  });

  it('shows the anti-trafficking policy in English, marked as English', () => {
    const terms = renderContentPage('terms', locale, billed);
    const english = renderContentPage('terms', 'en', billed);
    const section = (html: string) =>
      /<section aria-labelledby="anti-trafficking-policy"[^>]*>[\s\S]*?<\/section>/.exec(html)?.[0];
    const policy = section(terms.html);
    expect(policy).toContain('No minors.');
    expect(policy).toContain('No promoting alternatives.');
    expect(policy?.replace(' lang="en"', '')).toBe(section(english.html));
    if (locale !== 'en') expect(policy).toMatch(/^<section aria-labelledby="anti-trafficking-policy" lang="en">/);
    expect(terms.toc.find((entry) => entry.id === ENGLISH_ONLY_SECTION)?.title).toBe(
      'Anti-trafficking and zero-tolerance policy for minors',
    );
  });

  it('has exactly 20 usage rules', () => {
    const rules = /<section aria-labelledby="usage-rules">[\s\S]*?<\/section>/.exec(
      renderContentPage('terms', locale, billed).html,
    )?.[0];
    expect(rules?.match(/<li>/g)).toHaveLength(20);
  });
});

describe('the settings behind the content', () => {
  it('needs the named tradename among the company tradenames', () => {
    expect(showsTradenameSections(billed)).toBe(true);
    expect(showsTradenameSections(unbilled)).toBe(false);
    expect(showsTradenameSections({ ...billed, compliance_tradename: undefined })).toBe(false);
  });

  it('marks fictional profiles with the icon only on sites that show it', () => {
    const marked = renderContentPage('terms', 'en', billed).html;
    const unmarked = renderContentPage('terms', 'en', { ...billed, fictional_icon: false }).html;
    expect(marked).toContain('★');
    expect(unmarked).not.toContain('★');
  });

  it('leaves out what a site does not have', () => {
    const withoutPhone = renderContentPage('service', 'en', { ...billed, support_phone: '', company_vat_numbers: [] });
    expect(withoutPhone.html).not.toContain('tel:');
    expect(withoutPhone.html).not.toMatch(/<li>\s*<\/li>/);
    expect(renderContentPage('service', 'en', billed).html).toContain('href="tel:+31201234567"');
    expect(renderContentPage('terms', 'en', { ...billed, company_vat_numbers: [] }).html).not.toContain('VAT number');
  });

  it('falls back to English for the pseudo-locale', () => {
    const document = renderContentPage('faq', 'pseudo', billed);
    expect(document).toMatchObject({ locale: 'en', requestedLocale: 'pseudo' });
  });
});
