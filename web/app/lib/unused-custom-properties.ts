import postcss, { type Root } from 'postcss';

const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;

function referencesIn(value: string): string[] {
  return [...value.matchAll(VAR_REFERENCE)].map((match) => match[1]!);
}

/** The custom properties a stylesheet reads: from any rule's value, and from those properties' own values. */
function referencedProperties(root: Root): Set<string> {
  const definitions = new Map<string, string[]>();
  const referenced = new Set<string>();
  root.walkDecls((declaration) => {
    if (declaration.prop.startsWith('--')) {
      const found = definitions.get(declaration.prop) ?? [];
      definitions.set(declaration.prop, [...found, ...referencesIn(declaration.value)]);
    } else {
      for (const name of referencesIn(declaration.value)) referenced.add(name);
    }
  });
  const pending = [...referenced];
  for (let name = pending.pop(); name; name = pending.pop()) {
    for (const next of definitions.get(name) ?? []) {
      if (!referenced.has(next)) {
        referenced.add(next);
        pending.push(next);
      }
    }
  }
  return referenced;
}

/**
 * The stylesheet without the custom properties nothing in it reads: their declarations, their
 * `@property` registrations, and the rules left empty. A page's critical CSS is a fifth of the
 * stylesheet's rules but kept every one of Tailwind's `--tw-*` registrations and theme variables,
 * a fifth of its gzipped size (issue 17); the whole stylesheet, which follows, still has them.
 */
export function withoutUnusedCustomProperties(css: string): string {
  const root = postcss.parse(css);
  const referenced = referencedProperties(root);
  root.walkAtRules('property', (rule) => {
    if (!referenced.has(rule.params.trim())) rule.remove();
  });
  root.walkDecls((declaration) => {
    if (declaration.prop.startsWith('--') && !referenced.has(declaration.prop)) declaration.remove();
  });
  // Emptied rules go, and so do the at-rules (@layer, @supports) they leave empty in turn; a
  // statement such as `@layer theme, base;` has no block and stays.
  for (let emptied = true; emptied;) {
    emptied = false;
    root.walk((node) => {
      if ((node.type === 'rule' || node.type === 'atrule') && node.nodes?.length === 0) {
        node.remove();
        emptied = true;
      }
    });
  }
  return root.toString();
}
