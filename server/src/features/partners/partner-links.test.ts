import { describe, expect, it } from 'vitest';
import { camsRedirectLocation, resellPartnerLocation, type PartnerTracking } from './partner-links.js';

const TRACKING: PartnerTracking = {
  site: 'liefdelater.nl',
  network: 'adnet',
  ref: 'r 1',
  sub1: 's1',
  sub2: null,
  sub3: null,
};

describe('partner links', () => {
  it('fills the account into the template and adds the tracking that is known', () => {
    expect(camsRedirectLocation('https://cams.partner.example/live/{account}?campaign=rv', 'Ingrid_NL', TRACKING)).toBe(
      'https://cams.partner.example/live/Ingrid_NL?campaign=rv&site=liefdelater.nl&network=adnet&ref=r+1&sub1=s1',
    );
  });

  it('keeps whatever an account holds inside the path segment it was given', () => {
    const location = new URL(
      camsRedirectLocation('https://cams.partner.example/live/{account}', '../@evil.example/x?y#z', TRACKING),
    );
    expect(location.origin).toBe('https://cams.partner.example');
    expect(location.pathname).toBe('/live/..%2F%40evil.example%2Fx%3Fy%23z');
  });

  it('names the placement for the resell partner and keeps relative demo targets relative', () => {
    expect(resellPartnerLocation('https://partner.example/go?src=rv', 'profile-search', TRACKING)).toBe(
      'https://partner.example/go?src=rv&flow=profile-search&site=liefdelater.nl&network=adnet&ref=r+1&sub1=s1',
    );
    const visitor = { ...TRACKING, network: null, ref: null, sub1: null };
    expect(resellPartnerLocation('/api/partners/demo.php?partner=resell', 'profile-search', visitor)).toBe(
      '/api/partners/demo.php?partner=resell&flow=profile-search&site=liefdelater.nl',
    );
  });
});
