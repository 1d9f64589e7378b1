import postcss from 'postcss';

const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
const CLASS_SELECTOR = /\.((?:\\.|[\w-])+)/g;
const HTML_ENTITY = /&(amp|lt|gt|quot|#39|#x27);/g;
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };

/** Every class an element of the page has, as the stylesheet names it unescaped. */
function classesOf(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value = ''] of html.matchAll(CLASS_ATTRIBUTE)) {
    for (const name of value.replace(HTML_ENTITY, (_, entity: string) => ENTITIES[entity] ?? '').split(/\s+/)) {
      if (name) classes.add(name);
    }
  }
  return classes;
}

/**
 * The page's critical CSS without the `:where()` rules of classes none of its elements has.
 * Beasties cannot match `:where()` selectors against the page, so the critical CSS takes them all
 * (Tailwind's space-y and divide utilities, which the first paint needs); most pages use a few.
 */
export function withoutUnmatchedWhereRules(css: string, html: string): string {
  const classes = classesOf(html);
  const matches = (selector: string) =>
    !selector.trimStart().startsWith(':where(') ||
    [...selector.matchAll(CLASS_SELECTOR)].every(([, name = '']) => classes.has(name.replace(/\\(.)/g, '$1')));
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    const kept = rule.selectors.filter(matches);
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  return root.toString();
}
