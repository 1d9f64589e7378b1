/** Where a stored photo is served: the site's CDN when it has one, else this server. */
export function mediaUrl(filename: string, cdnPrefix: string): string {
  return `${cdnPrefix.replace(/\/$/, '')}/media/${encodeURIComponent(filename)}`;
}
