/**
 * Spec §2: the activation screen links to the web mail inbox only when
 * mailprovider is 2, a provider whose inbox can be searched by a link (Gmail).
 * 1 marks other well-known webmail, 0 everything else.
 */
const SEARCHABLE_WEBMAIL = new Set(['gmail.com', 'googlemail.com']);
const OTHER_WEBMAIL = new Set([
  'hotmail.com',
  'hotmail.nl',
  'outlook.com',
  'live.nl',
  'live.com',
  'msn.com',
  'yahoo.com',
  'icloud.com',
  'ziggo.nl',
  'kpnmail.nl',
  'telenet.be',
  'skynet.be',
  'gmx.de',
  'web.de',
  'wp.pl',
  'onet.pl',
  'o2.pl',
  'interia.pl',
]);

export function mailProviderOf(email: string): number {
  const domain = email.split('@')[1]?.toLowerCase() ?? '';
  if (SEARCHABLE_WEBMAIL.has(domain)) return 2;
  return OTHER_WEBMAIL.has(domain) ? 1 : 0;
}
