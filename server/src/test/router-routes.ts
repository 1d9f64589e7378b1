/**
 * Every method and path the router serves (`POST /api/console/staff/:id/disable`), read from the
 * router rather than listed by hand. A path under a served one prints as its child
 * (`/api/console/me` → `└── /capacity`), so the tree's indentation gives each its whole path.
 */
export function routerRoutes(app: { printRoutes(options: { commonPrefix: false }): string }): string[] {
  const parents: string[] = [];
  return app
    .printRoutes({ commonPrefix: false })
    .split('\n')
    .flatMap((line) => {
      const match = /^((?:[│ ] {3})*)[├└]── (\/\S*)(?: \(([A-Z, ]+)\))?$/.exec(line);
      if (!match) return [];
      const [, indent = '', segment = '', methods] = match;
      const depth = indent.length / 4;
      const url = (parents[depth - 1] ?? '') + segment;
      parents.splice(depth, parents.length, url);
      return methods ? methods.split(', ').map((method) => `${method} ${url}`) : [];
    });
}
