import { run } from '@zootools/email-spell-checker';

/**
 * Spec §5 "did you mean": the mail domains our visitors actually use, most of them Dutch,
 * Belgian and Polish, plus the large international ones. A typed domain within the
 * thresholds of one of these gets it suggested.
 */
export const COMMON_MAIL_DOMAINS = [
  // Netherlands
  'ziggo.nl',
  'kpnmail.nl',
  'kpnplanet.nl',
  'hetnet.nl',
  'planet.nl',
  'home.nl',
  'xs4all.nl',
  'casema.nl',
  'chello.nl',
  'upcmail.nl',
  'quicknet.nl',
  'zeelandnet.nl',
  'online.nl',
  'tele2.nl',
  'telfort.nl',
  'solcon.nl',
  'caiway.nl',
  'live.nl',
  'hotmail.nl',
  'outlook.nl',
  'yahoo.nl',
  'gmail.nl',
  // Belgium
  'telenet.be',
  'skynet.be',
  'proximus.be',
  'scarlet.be',
  'pandora.be',
  'hotmail.be',
  'live.be',
  'outlook.be',
  // Poland
  'wp.pl',
  'onet.pl',
  'onet.eu',
  'op.pl',
  'o2.pl',
  'interia.pl',
  'gazeta.pl',
  'tlen.pl',
  'vp.pl',
  'poczta.fm',
  // Germany
  'gmx.de',
  'gmx.net',
  'web.de',
  't-online.de',
  'freenet.de',
  'hotmail.de',
  // International
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'hotmail.co.uk',
  'live.com',
  'msn.com',
  'yahoo.com',
  'yahoo.co.uk',
  'ymail.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'protonmail.com',
] as const;

/** Spec §5: misspelt second-level domains are matched against this one by default. */
const SECOND_LEVEL_DOMAINS = ['hotmail'];
/** Spec §5: distance thresholds 2 for the whole domain, its second level and its top level. */
const DISTANCE_THRESHOLD = 2;

/**
 * Top-level domains kept for tests, examples and local machines (RFC 2606, RFC 6761): never a
 * slip of the finger for a real one, and an operator trying the site uses them on purpose.
 */
const RESERVED_TOP_LEVEL = /\.(?:test|example|invalid|localhost)$/i;

/**
 * The address with its domain corrected, e.g. 'jan@gmial.com' → 'jan@gmail.com', or null when
 * the domain looks right or nothing close is known. The local part stays as typed.
 */
export function suggestEmail(value: string): string | null {
  const email = value.trim();
  const at = email.lastIndexOf('@');
  if (at < 1 || at === email.length - 1 || RESERVED_TOP_LEVEL.test(email)) return null;
  const suggestion = run({
    email,
    domains: [...COMMON_MAIL_DOMAINS],
    secondLevelDomains: SECOND_LEVEL_DOMAINS,
    domainThreshold: DISTANCE_THRESHOLD,
    secondLevelThreshold: DISTANCE_THRESHOLD,
    topLevelThreshold: DISTANCE_THRESHOLD,
  });
  if (!suggestion) return null;
  const corrected = `${email.slice(0, at)}@${suggestion.domain}`;
  // Only a real change is worth showing: the checker lower-cases, so compare without case.
  return corrected.toLowerCase() === email.toLowerCase() ? null : corrected;
}
