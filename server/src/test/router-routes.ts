/**
 * Every method and path the router serves, read from the router rather than listed by hand.
 * `printRoutes` nests a route under one whose path it extends (`/api/console/personas`, then
 * `/:id` below it), so each line's path is its parents' paths followed by its own.
 */
export function routerRoutes(app: {
  printRoutes(options: { commonPrefix: false }): string;
}): { method: string; url: string }[] {
  const parents: string[] = [];
  return app
    .printRoutes({ commonPrefix: false })
    .split('\n')
    .flatMap((line) => {
      const match = /^([│ ]*)[├└]── (\/\S*)(?: \(([A-Z, ]+)\))?$/.exec(line);
      if (!match) return [];
      const [, indent = '', segment = '', methods] = match;
      // Each level indents its children by four characters ("│   " or "    ").
      const depth = indent.length / 4;
      parents.length = depth;
      const url = (parents[depth - 1] ?? '') + segment;
      parents.push(url);
      return methods ? methods.split(', ').map((method) => ({ method, url })) : [];
    });
}

/** A path the route matches: every parameter filled in. */
export const concrete = (url: string) => url.replace(/:[^/]+/g, 'x').replace(/\*$/, 'x');
