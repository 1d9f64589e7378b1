import { describe, expect, it } from 'vitest';
import {
  adSlotAt,
  partnerAdHref,
  resellsCams,
  showsPartnerAds,
  showsWebcamAds,
  webcamAdHref,
  WEBCAM_AD_INTERVAL,
  WEBCAM_ADS_AFTER_SIGNUP_MS,
} from './ads.js';

const NOW = Date.parse('2026-12-01T12:00:00.000Z');
const signedUp = (msAgo: number) => new Date(NOW - msAgo).toISOString();
const RESELLS = { member_resell: ['cams'] } as const;

describe('showsWebcamAds (spec §6)', () => {
  it('shows ads to a non-paying member who joined more than 4 days ago on a reselling site', () => {
    expect(
      showsWebcamAds({ paid_user: false, signup_date: signedUp(WEBCAM_ADS_AFTER_SIGNUP_MS + 1) }, RESELLS, NOW),
    ).toBe(true);
    expect(WEBCAM_ADS_AFTER_SIGNUP_MS).toBe(345_600_000);
  });

  it('waits until more than 4 days have passed: exactly 4 days is not enough', () => {
    expect(showsWebcamAds({ paid_user: false, signup_date: signedUp(WEBCAM_ADS_AFTER_SIGNUP_MS) }, RESELLS, NOW)).toBe(
      false,
    );
    expect(showsWebcamAds({ paid_user: false, signup_date: signedUp(60_000) }, RESELLS, NOW)).toBe(false);
  });

  it('never shows ads to paying members or visitors', () => {
    expect(showsWebcamAds({ paid_user: true, signup_date: signedUp(30 * 86_400_000) }, RESELLS, NOW)).toBe(false);
    expect(showsWebcamAds(null, RESELLS, NOW)).toBe(false);
    expect(showsWebcamAds(undefined, RESELLS, NOW)).toBe(false);
  });

  it('follows the site: cams or camads resale shows ads, no resale shows none', () => {
    const user = { paid_user: false, signup_date: signedUp(30 * 86_400_000) };
    expect(showsWebcamAds(user, { member_resell: ['camads'] }, NOW)).toBe(true);
    expect(showsWebcamAds(user, { member_resell: ['cams', 'camads'] }, NOW)).toBe(true);
    expect(showsWebcamAds(user, { member_resell: [] }, NOW)).toBe(false);
    expect(resellsCams({ member_resell: [] })).toBe(false);
  });

  it('shows nothing for a signup date it cannot read', () => {
    expect(showsWebcamAds({ paid_user: false, signup_date: 'yesterday' }, RESELLS, NOW)).toBe(false);
  });
});

describe('ad slots (spec §4)', () => {
  it('puts a webcam item at 1 and a partner ad at 5 of every 12', () => {
    const slots = Array.from({ length: 2 * WEBCAM_AD_INTERVAL }, (_, index) => adSlotAt(index));
    expect(slots.flatMap((slot, index) => (slot ? [[index, slot]] : []))).toEqual([
      [1, 'webcam'],
      [5, 'partner'],
      [13, 'webcam'],
      [17, 'partner'],
    ]);
  });

  it('links ads to the partner calls with the account encoded', () => {
    expect(webcamAdHref('Ingrid_NL')).toBe('/api/xcams/redirect.php?account=Ingrid_NL');
    expect(webcamAdHref('a&b=c')).toBe('/api/xcams/redirect.php?account=a%26b%3Dc');
    expect(partnerAdHref()).toBe('/api/resellpartner.php?flow=profile-search&redirect=1');
  });
});

describe('showsPartnerAds', () => {
  const noAds = { premium: { benefits: { no_ads: true } } };
  it('keeps partner ads from paying members only where premium promises no ads', () => {
    expect(showsPartnerAds(null, noAds)).toBe(true);
    expect(showsPartnerAds({ paid_user: false }, noAds)).toBe(true);
    expect(showsPartnerAds({ paid_user: true }, noAds)).toBe(false);
    expect(showsPartnerAds({ paid_user: true }, { premium: { benefits: { no_ads: false } } })).toBe(true);
    expect(showsPartnerAds({ paid_user: true }, {})).toBe(true);
  });
});
