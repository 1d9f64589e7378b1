import type { PublicUrl } from '../../config.js';

/**
 * Where links sent elsewhere (mail) point: the site's configured domain with the configured scheme
 * and port. Never the request's Host: whoever sends the request chooses it, and a reset link on
 * their host hands them the token.
 */
export function siteOrigin(site: { domain: string }, publicUrl: PublicUrl): string {
  const port = publicUrl.port === undefined ? '' : `:${publicUrl.port}`;
  // URL drops a port that is the scheme's default and rejects a domain that is not a host name.
  return new URL(`${publicUrl.scheme}://${site.domain}${port}`).origin;
}
