/**
 * Every method and full path the router serves, read from the router rather than listed by hand.
 * `printRoutes` prints a tree: a child line (`│   └── /:id (PUT)`) continues its parent's path.
 */
export function routerRoutes(app: { printRoutes(options: { commonPrefix: false }): string }) {
  const prefixes: string[] = [];
  return app
    .printRoutes({ commonPrefix: false })
    .split('\n')
    .flatMap((line) => {
      const match = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
      if (!match) return [];
      const [, indent, segment, methods] = match;
      const depth = indent!.length / 4;
      const path = (prefixes[depth - 1] ?? '') + segment;
      prefixes.length = depth;
      prefixes.push(path);
      // A wildcard route (`/*`) prints as a bare `*` without its prefix: not a path to check.
      if (!path.startsWith('/')) return [];
      return (methods?.split(', ') ?? []).map((method) => ({ method, path }));
    });
}

/** A path the route matches: every parameter filled in. */
export const concrete = (url: string) => url.replace(/:[^/]+/g, 'x').replace(/\*$/, 'x');
