import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { makeUser, makeWebContext } from '../test/render';
import { formatWithPattern } from './date-patterns';
import { pageCatalogueEntries, pageWebContext } from './page-web-context';
import { SERVER_ONLY_SETTINGS } from './web-context';

const REGIONS = {
  NL: [
    { id: 1, code: 'NL-DR', name: 'Drenthe' },
    { id: 2, code: 'NL-ZZ', name: 'Nowhere Land' },
  ],
};
const withRegions = (user = makeUser()) => makeWebContext({ user, settings: { region_data: REGIONS } });

describe('the web context a page gets', () => {
  it('leaves out the settings only the server uses', () => {
    const page = pageWebContext('/', makeWebContext());
    for (const key of SERVER_ONLY_SETTINGS) expect(page.settings, key).not.toHaveProperty(key);
    expect(page.settings.name).toBe('Rendezvous');
    expect(page.settings.countries).toEqual(['NL', 'BE']);
  });

  it('names the regions of a first screen with a region field in the page’s language, and carries no region names besides', () => {
    const web = withRegions();
    web.i18n.messages = { ...web.i18n.messages, regions: { 'NL-DR': 'Drente (test)' } };
    const page = pageWebContext('/members', web);
    // A region the catalogue has no name for keeps its stored one.
    expect(page.settings.region_data?.NL).toEqual([
      { id: 1, code: 'NL-DR', name: 'Drente (test)' },
      { id: 2, code: 'NL-ZZ', name: 'Nowhere Land' },
    ]);
    expect(page.i18n.messages).not.toHaveProperty('regions');
    expect(page.i18n.messages).toHaveProperty('search');
    // The browser works out the same entries from the page it has.
    expect(pageCatalogueEntries('/members', page)).not.toContain('regions');
  });

  it('lists each country’s regions in the order of the page’s language', () => {
    const regions = {
      PL: [
        { id: 1, code: 'PL-14', name: 'Mazowieckie' },
        { id: 2, code: 'PL-10', name: 'Łódzkie' },
        { id: 3, code: 'PL-06', name: 'Lubelskie' },
      ],
    };
    const web = { ...makeWebContext({ user: makeUser(), settings: { region_data: regions } }), locale: 'pl' as const };
    web.i18n.messages = { ...web.i18n.messages, regions: {} };
    const page = pageWebContext('/members', web);
    // Ł after L in Polish; by code point it would come after M.
    expect(page.settings.region_data?.PL?.map((region) => region.name)).toEqual([
      'Lubelskie',
      'Łódzkie',
      'Mazowieckie',
    ]);
  });

  it('gives a page without a region field neither the regions nor their names', () => {
    const page = pageWebContext('/chats', withRegions());
    expect(page.settings.region_data).toBeUndefined();
    expect(page.i18n.messages).not.toHaveProperty('regions');
    // Should it show a region field later, the browser asks for the names with the whole catalogue.
    expect(pageCatalogueEntries('/profile', page)).toContain('regions');
  });

  it('gives a lander its niche’s words, by its slug or else by the site’s niche', () => {
    const niches = (path: string, niche = 1) =>
      Object.keys(
        (pageWebContext(path, makeWebContext({ settings: { niche } })).i18n.messages.landers as { niches: object })
          .niches,
      );
    expect(niches('/landers/video/bdsm-eng')).toEqual(['bdsm']);
    expect(niches('/landers/video/eng')).toEqual(['general']);
    expect(niches('/landers/video/unknown-slug', 6)).toEqual(['milf']);
    expect(Object.keys(en.landers.niches).length).toBeGreaterThan(1);
  });

  it('names the countries its first screen shows in the page’s language: the company’s everywhere, the site’s with member cards or payments', () => {
    const web = {
      ...makeWebContext({ user: makeUser(), settings: { company_country: 'Netherlands' } }),
      locale: 'de' as const,
    };
    const members = pageWebContext('/members', web);
    expect(members.country_names).toEqual({ NL: 'Niederlande', BE: 'Belgien' });
    // The browser reads a code at once; a name would make it list every country in English.
    expect(members.settings.company_country).toBe('NL');
    expect(pageWebContext('/chats', web).country_names).toEqual({ NL: 'Niederlande' });
    // The country a member pays from.
    for (const path of ['/credits', '/pricing', '/premium'])
      expect(pageWebContext(path, web).country_names, path).toEqual({ NL: 'Niederlande', BE: 'Belgien' });
  });

  it('gives the pages that show times their formats as patterns in the page’s language, and no other page', () => {
    const web = { ...makeWebContext({ user: makeUser() }), locale: 'de' as const };
    const chats = pageWebContext('/chats', web).date_patterns;
    const moment = new Date(2026, 10, 3, 9, 5);
    expect(formatWithPattern(chats?.time ?? [], moment)).toBe('09:05');
    expect(formatWithPattern(chats?.dayMonth ?? [], moment)).toBe('3. Nov.');
    expect(formatWithPattern(chats?.full ?? [], moment)).toBe('03.11.2026, 09:05');
    // Notifications, the credits ledger, a member's own profile (membership, visitors), an order.
    for (const path of ['/chats/12', '/notifications', '/credits', '/profile', '/transactions/77'])
      expect(pageWebContext(path, web).date_patterns, path).toEqual(chats);
    for (const path of ['/members', '/likes', '/'])
      expect(pageWebContext(path, web).date_patterns, path).toBeUndefined();
  });

  it('gives the console the whole catalogue', () => {
    const web = makeWebContext({ user: makeUser() });
    expect(pageWebContext('/console/inbox', web).i18n.messages).toEqual(web.i18n.messages);
  });
});
