import { pageTitle } from './use-page-title';

const TITLE = /<title>([^<]*)<\/title>/;
const HEADING_START = /<h1[\s>]/;
const HEADING_END = '</h1>';
const TAG_OR_COMMENT = /<!--[^]*?-->|<[^>]*>/g;
const ENTITY = /&(?:#(\d+)|#x([\da-f]+)|(amp|lt|gt|quot|apos));/gi;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(html: string): string {
  return html.replace(ENTITY, (_, decimal?: string, hex?: string, name?: string) =>
    decimal || hex
      ? String.fromCodePoint(Number.parseInt(decimal ?? hex ?? '', decimal ? 10 : 16))
      : (NAMED[name?.toLowerCase() ?? ''] ?? ''),
  );
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Where the page's first heading ends in this HTML, or -1 while it has not come: the text after
 * the head up to that point is what `withHeadingTitle` needs.
 */
export function headingEnd(body: string): number {
  const start = body.search(HEADING_START);
  if (start === -1) return -1;
  const end = body.indexOf(HEADING_END, start);
  return end === -1 ? -1 : end + HEADING_END.length;
}

/**
 * The head with the title the browser gives the page once it runs (`usePageTitle`): its first
 * heading's text and the site's name, so a crawler and the tab see it from the first HTML on.
 * The head stays as it is where the body has no heading.
 */
export function withHeadingTitle(head: string, body: string): string {
  const title = TITLE.exec(head);
  const end = headingEnd(body);
  if (!title || end === -1) return head;
  const inner = body.slice(body.indexOf('>', body.search(HEADING_START)) + 1, end - HEADING_END.length);
  const heading = decode(inner.replace(TAG_OR_COMMENT, ''));
  const text = escapeText(pageTitle(heading, decode(title[1] ?? '')));
  return head.replace(TITLE, () => `<title>${text}</title>`);
}
