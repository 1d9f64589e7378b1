import { describe, expect, it } from 'vitest';
import { COMMON_MAIL_DOMAINS, suggestEmail } from './email-suggestion';

describe('suggestEmail (spec §5 did you mean)', () => {
  it('knows about sixty common domains, many Dutch, Belgian and Polish', () => {
    expect(COMMON_MAIL_DOMAINS.length).toBeGreaterThanOrEqual(55);
    expect(COMMON_MAIL_DOMAINS.length).toBeLessThanOrEqual(65);
    for (const domain of ['ziggo.nl', 'kpnmail.nl', 'telenet.be', 'skynet.be', 'wp.pl', 'onet.pl', 'gmail.com']) {
      expect(COMMON_MAIL_DOMAINS).toContain(domain);
    }
  });

  it.each([
    ['jan@gmial.com', 'jan@gmail.com'],
    ['piet@ziggo.nk', 'piet@ziggo.nl'],
    ['jan@kpnmial.nl', 'jan@kpnmail.nl'],
    ['marie@telenett.be', 'marie@telenet.be'],
    ['ola@wp.p', 'ola@wp.pl'],
    ['kees@hotmial.nl', 'kees@hotmail.nl'],
    ['anna@hotmail.con', 'anna@hotmail.com'],
  ])('suggests %s → %s', (typed, suggested) => {
    expect(suggestEmail(typed)).toBe(suggested);
  });

  it.each(['anna@ziggo.nl', 'jan@gmail.com', 'ola@onet.pl', 'bob@example.com', 'not an address', 'jan@', '@gmail.com'])(
    'suggests nothing for %s',
    (typed) => {
      expect(suggestEmail(typed)).toBeNull();
    },
  );

  it('leaves addresses on the top-level domains kept for tests and examples alone', () => {
    for (const typed of ['anna@example.test', 'anna@mail.example', 'anna@host.invalid', 'anna@demo.localhost']) {
      expect(suggestEmail(typed), typed).toBeNull();
    }
  });

  it('keeps the local part as typed and ignores case when comparing', () => {
    expect(suggestEmail('Jan.Jansen@Gmial.com')).toBe('Jan.Jansen@gmail.com');
    expect(suggestEmail('Anna@Ziggo.NL')).toBeNull();
  });
});
