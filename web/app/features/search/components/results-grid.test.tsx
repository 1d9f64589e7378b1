import {
  PROFILE_THUMB_EDGE_PX,
  REGIONAL_CODES,
  type CamItem,
  type Catalogue,
  type Locale,
  type ProfileCard,
  type WebContext,
} from '@rendezvous/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { describe, expect, it } from 'vitest';
import nl from '../../../../locales/nl.json';
import { createTestI18n, makeWebContext, renderWithRoot, testI18n } from '../../../test/render';
import { ResultsGrid } from './results-grid';

const NL_MESSAGES: Catalogue = nl;
const t = testI18n.t;
const countryName = (code: string, locale: Locale = 'en') =>
  new Intl.DisplayNames([REGIONAL_CODES[locale]], { type: 'region' }).of(code);

function card(id: number, overrides: Partial<ProfileCard> = {}): ProfileCard {
  return {
    id,
    name: `Member ${id}`,
    age: 40 + (id % 30),
    city: 'Utrecht',
    country: 'NL',
    countryregion: null,
    language: 'en',
    fictional: false,
    main_image: null,
    images: [],
    likes: { did_like_profile: false },
    ...overrides,
  };
}

const CAMS: CamItem[] = [
  {
    account: 'Ingrid_NL',
    name: 'Ingrid',
    age: 52,
    gender: 'female',
    country: 'NL',
    thumbnail_url: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
    online: true,
  },
  {
    account: 'Marta-PL',
    name: 'Marta',
    age: 47,
    gender: 'female',
    country: 'PL',
    thumbnail_url: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
    online: false,
  },
];

const LABEL = 'Search results';

function renderGrid(
  profiles: readonly ProfileCard[],
  cams: readonly CamItem[] | null,
  {
    web = makeWebContext(),
    i18n = testI18n,
    partnerAds = true,
  }: { web?: WebContext; i18n?: I18n; partnerAds?: boolean } = {},
) {
  renderWithRoot(<ResultsGrid profiles={profiles} cams={cams} partnerAds={partnerAds} label={LABEL} />, { web, i18n });
  return screen.getByRole('list', { name: LABEL });
}

/** What each grid position holds, read as a visitor would: an ad's link, or a member's name. */
function slots(grid: HTMLElement) {
  return within(grid)
    .getAllByRole('listitem')
    .map((item) => {
      const link = within(item).getByRole('link');
      const href = link.getAttribute('href') ?? '';
      if (!within(item).queryByRole('article', { name: t('search.ad_label') })) return `profile:${href}`;
      if (href.startsWith('/api/xcams/redirect.php')) return `webcam:${href}`;
      if (href.startsWith('/api/resellpartner.php')) return 'partner';
      return `unknown ad:${href}`;
    });
}

const profileCard = (name: string) => {
  const item = screen.getByRole('link', { name }).closest('li');
  if (!item) throw new Error(`No grid item for ${name}`);
  return item;
};

describe('ResultsGrid', () => {
  it("shows the placeholder, never an empty box, when a card's photo cannot be shown (issue 21)", () => {
    const image = { id: 3, thumb_filename: 'gone-thumb.jpg' };
    const list = renderGrid([card(1, { name: 'Greta', main_image: image, images: [image] })], null);
    const photo = list.querySelector('img');
    expect(photo).not.toBeNull();
    fireEvent.error(photo!);
    expect(list.querySelector('img')).toBeNull();
    expect(within(list).getByText('G')).toBeTruthy();
  });

  describe('ads (spec §4)', () => {
    it('puts a webcam item at 1 and a partner ad at 5 of every 12 positions, ads and cards counted alike', () => {
      const profiles = Array.from({ length: 24 }, (_, index) => card(index + 1));
      const grid = renderGrid(profiles, CAMS);
      const held = slots(grid);

      // 24 members plus the ads at 1, 5, 13, 17 and 25 that come before the last member.
      expect(held).toHaveLength(29);
      const ads = held.flatMap((slot, index) => (slot.startsWith('profile:') ? [] : [[index, slot]]));
      expect(ads).toEqual([
        [1, 'webcam:/api/xcams/redirect.php?account=Ingrid_NL'],
        [5, 'partner'],
        [13, 'webcam:/api/xcams/redirect.php?account=Marta-PL'],
        [17, 'partner'],
        // The performers come round again once each has had a slot.
        [25, 'webcam:/api/xcams/redirect.php?account=Ingrid_NL'],
      ]);
      for (const [index] of ads) {
        expect([1, 5]).toContain((index as number) % 12);
      }
      // Every member is there once, in the order the server sent.
      expect(held.filter((slot) => slot.startsWith('profile:'))).toEqual(
        profiles.map((profile) => `profile:/members/${profile.id}`),
      );
    });

    it('still shows partner ads, at 5 of every 12, to someone who gets no webcam ads (spec §6)', () => {
      const profiles = Array.from({ length: 24 }, (_, index) => card(index + 1));
      const held = slots(renderGrid(profiles, null));

      // Without webcam items the partner ads alone take 5 and 17 of the 26 positions.
      expect(held).toHaveLength(26);
      expect(held.flatMap((slot, index) => (slot.startsWith('profile:') ? [] : [[index, slot]]))).toEqual([
        [5, 'partner'],
        [17, 'partner'],
      ]);
      expect(held.filter((slot) => slot.startsWith('profile:'))).toEqual(
        profiles.map((profile) => `profile:/members/${profile.id}`),
      );
    });

    it('shows no ads at all in a grid without them', () => {
      const profiles = Array.from({ length: 24 }, (_, index) => card(index + 1));
      const grid = renderGrid(profiles, null, { partnerAds: false });
      expect(within(grid).queryByRole('article', { name: t('search.ad_label') })).toBeNull();
      expect(slots(grid)).toEqual(profiles.map((profile) => `profile:/members/${profile.id}`));
    });

    it('opens both ads in a new window, without giving the partner a handle on this page', () => {
      renderGrid(
        Array.from({ length: 6 }, (_, index) => card(index + 1)),
        CAMS,
      );
      const [webcam, partner] = screen.getAllByRole('article', { name: t('search.ad_label') });

      const camLink = within(webcam!).getByRole('link', { name: 'Ingrid, 52' });
      expect(camLink.getAttribute('href')).toBe('/api/xcams/redirect.php?account=Ingrid_NL');
      expect(camLink.getAttribute('target')).toBe('_blank');
      expect(camLink.getAttribute('rel')?.split(/\s+/)).toContain('noopener');
      expect(within(webcam!).getByText(t('search.cam_live'))).toBeTruthy();

      const partnerLink = within(partner!).getByRole('link', { name: t('search.partner_title') });
      expect(partnerLink.getAttribute('href')).toBe('/api/resellpartner.php?flow=profile-search&redirect=1');
      expect(partnerLink.getAttribute('target')).toBe('_blank');
      expect(partnerLink.getAttribute('rel')?.split(/\s+/)).toContain('noopener');
    });

    it('marks a performer who is not live as a webcam', () => {
      const grid = renderGrid([card(1), card(2)], [CAMS[1]!]);
      const webcam = within(grid).getByRole('article', { name: t('search.ad_label') });
      expect(within(webcam).getByText(t('search.cam_webcam'))).toBeTruthy();
      expect(within(webcam).queryByText(t('search.cam_live'))).toBeNull();
    });
  });

  describe('profile cards (spec §3, §4)', () => {
    it("shows each member's name, age, town and country, linked to their page", () => {
      renderGrid([card(1, { name: 'Greta', age: 61, city: 'Haarlem', country: 'NL' })], null);
      const link = screen.getByRole('link', { name: 'Greta, 61' });
      expect(link.getAttribute('href')).toBe('/members/1');
      expect(within(profileCard('Greta, 61')).getByText(`Haarlem, ${countryName('NL')}`)).toBeTruthy();
    });

    it("loads the first member's photo first and the others as they come into view, each at its size", () => {
      const photo = (id: number) => ({ thumb_filename: `thumb-${id}.jpg` });
      renderGrid(
        [card(1, { name: 'First', main_image: photo(1) }), card(2, { name: 'Second', main_image: photo(2) })],
        null,
      );
      const image = (name: string) => profileCard(name).querySelector('img');
      expect(image('First, 41')?.getAttribute('fetchpriority')).toBe('high');
      expect(image('First, 41')?.getAttribute('loading')).toBe('eager');
      expect(image('Second, 42')?.getAttribute('loading')).toBe('lazy');
      for (const name of ['First, 41', 'Second, 42']) {
        expect(image(name)?.getAttribute('width')).toBe(String(PROFILE_THUMB_EDGE_PX));
        expect(image(name)?.getAttribute('height')).toBe(String(PROFILE_THUMB_EDGE_PX));
      }
    });

    it('offers the photo as AVIF, then WebP, at each width, sized to the grid, with the JPEG for the rest', () => {
      const thumb = 'a'.repeat(32);
      renderGrid([card(1, { name: 'First', main_image: { thumb_filename: `${thumb}.jpg` } })], null);
      const picture = profileCard('First, 41').querySelector('picture');
      const sources = [...(picture?.querySelectorAll('source') ?? [])].map((source) => ({
        type: source.getAttribute('type'),
        srcset: source.getAttribute('srcset'),
        sizes: source.getAttribute('sizes'),
      }));
      const sizes = '(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw';
      expect(sources).toEqual([
        { type: 'image/avif', srcset: `/media/${thumb}-160.avif 160w, /media/${thumb}-320.avif 320w`, sizes },
        { type: 'image/webp', srcset: `/media/${thumb}-160.webp 160w, /media/${thumb}-320.webp 320w`, sizes },
      ]);
      expect(picture?.querySelector('img')?.getAttribute('src')).toBe(`/media/${thumb}.jpg`);
    });

    it('shows the fictional icon only on fictional profiles', () => {
      renderGrid([card(1, { name: 'Hosted', fictional: true }), card(2, { name: 'Real', fictional: false })], null);
      const icon = t('members.fictional_title');
      expect(within(profileCard('Hosted, 41')).getByTitle(icon)).toBeTruthy();
      expect(within(profileCard('Real, 42')).queryByTitle(icon)).toBeNull();
      expect(within(profileCard('Real, 42')).queryByText(icon)).toBeNull();
    });

    it('leaves the fictional icon out on a site that does not show it', () => {
      renderGrid([card(1, { name: 'Hosted', fictional: true })], null, {
        web: makeWebContext({ settings: { fictional_icon: false } }),
      });
      expect(within(profileCard('Hosted, 41')).queryByTitle(t('members.fictional_title'))).toBeNull();
    });

    it('shows the language badge for another language or a bilingual country, in an English interface', () => {
      renderGrid(
        [
          card(1, { name: 'Same', language: 'en', country: 'GB' }),
          card(2, { name: 'Other', language: 'de', country: 'DE' }),
          ...(['CA', 'BE', 'CH', 'FI'] as const).map((country, index) =>
            card(10 + index, { name: `Bilingual ${country}`, language: 'en', country }),
          ),
        ],
        null,
      );
      const speaks = (language: string) => t('members.speaks', { language: t(`languages.${language}`) });

      expect(within(profileCard('Same, 41')).queryByText(speaks('en'))).toBeNull();

      const other = within(profileCard('Other, 42')).getByText(speaks('de'));
      expect(other.parentElement?.textContent?.startsWith('DE')).toBe(true);

      for (const [country, age] of [
        ['CA', 50],
        ['BE', 51],
        ['CH', 52],
        ['FI', 53],
      ] as const) {
        expect(within(profileCard(`Bilingual ${country}, ${age}`)).getByText(speaks('en'))).toBeTruthy();
      }
    });

    it('compares with the interface language, not with English', async () => {
      const i18n = createTestI18n();
      i18n.addResourceBundle('nl', 'translation', NL_MESSAGES);
      await i18n.changeLanguage('nl');
      renderGrid(
        [
          card(1, { name: 'Dutch', language: 'nl', country: 'NL' }),
          card(2, { name: 'English', language: 'en', country: 'NL' }),
          card(3, { name: 'Flemish', language: 'nl', country: 'BE' }),
        ],
        null,
        { web: { ...makeWebContext(), locale: 'nl' }, i18n },
      );
      const speaks = (language: string) => i18n.t('members.speaks', { language: i18n.t(`languages.${language}`) });

      expect(within(profileCard('Dutch, 41')).queryByText(speaks('nl'))).toBeNull();
      expect(within(profileCard('English, 42')).getByText(speaks('en'))).toBeTruthy();
      expect(within(profileCard('Flemish, 43')).getByText(speaks('nl'))).toBeTruthy();
      // The country is named in the interface language too.
      expect(within(profileCard('Flemish, 43')).getByText(`Utrecht, ${countryName('BE', 'nl')}`)).toBeTruthy();
    });
  });
});
