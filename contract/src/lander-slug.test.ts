import { describe, expect, it } from 'vitest';
import { landerSlug, landerSlugOfPath, parseLanderSlug } from './lander-slug.js';

describe('lander slugs (spec §2)', () => {
  it('puts the niche prefix before the locale, English as eng', () => {
    expect(landerSlug(1, 'en')).toBe('eng');
    expect(landerSlug(2, 'nl')).toBe('she-nl');
    expect(landerSlug(6, 'en')).toBe('milf-eng');
    expect(landerSlug(7, 'pl')).toBe('gay-pl');
  });

  it('reads niche and language back from the first segment only', () => {
    expect(parseLanderSlug('milf-eng/summer-campaign')).toEqual({ niche: 6, locale: 'en' });
    expect(parseLanderSlug('bdsm-de')).toEqual({ niche: 3, locale: 'de' });
    expect(parseLanderSlug('FR')).toEqual({ niche: 1, locale: 'fr' });
  });

  it('names nothing for an unknown language or niche', () => {
    expect(parseLanderSlug('en')).toBeNull();
    expect(parseLanderSlug('teen-eng')).toBeNull();
    expect(parseLanderSlug('')).toBeNull();
  });

  it('finds the slug in lander and member landing paths only', () => {
    expect(landerSlugOfPath('/landers/video/gay-de')).toBe('gay-de');
    expect(landerSlugOfPath('/members/42/landing2/bbw-it/x')).toBe('bbw-it/x');
    expect(landerSlugOfPath('/landers/video/summer')).toBe('summer');
    expect(landerSlugOfPath('/landers/unknown/eng')).toBeNull();
    expect(landerSlugOfPath('/members/42/landing/eng')).toBeNull();
    expect(landerSlugOfPath('/pages/terms')).toBeNull();
  });
});
