/** Escapes text for HTML content and quoted attributes: mail on the server, content pages in the web app. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Markup built from escaped parts, which a template inserts as it is instead of escaping it again. */
export class SafeHtml {
  constructor(readonly html: string) {}
}
