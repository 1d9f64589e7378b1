import { layout, route, type RouteConfig, type RouteConfigEntry } from '@react-router/dev/routes';
import { CONSOLE_ROUTES } from './console/console-routes';
import { layoutId, ROUTES, routeId, type Access, type Layout } from './route-table';

const LAYOUT_FILES: Record<Layout, string> = {
  default: 'layouts/default.tsx',
  chat: 'layouts/chat.tsx',
  empty: 'layouts/empty.tsx',
  lander: 'layouts/lander.tsx',
};

function routesFor(layoutName: Layout, access: Access): RouteConfigEntry[] {
  return ROUTES.filter((entry) => entry.layout === layoutName && entry.access === access).flatMap((entry) => [
    route(entry.path, entry.file, { id: routeId(entry) }),
    ...(entry.aliases ?? []).map((alias) => route(alias, entry.file, { id: routeId(entry, alias) })),
  ]);
}

const layouts = Object.keys(LAYOUT_FILES) as Layout[];

export default [
  ...layouts.map((name) =>
    layout(LAYOUT_FILES[name], { id: layoutId(name) }, [
      ...routesFor(name, 'public'),
      ...routesFor(name, 'optional'),
      layout('guards/require-member.tsx', { id: `guard-${name}` }, routesFor(name, 'member')),
    ]),
  ),
  ...CONSOLE_ROUTES,
  layout(LAYOUT_FILES.default, { id: 'layout-not-found' }, [route('*', 'routes/not-found.tsx', { id: 'not-found' })]),
] satisfies RouteConfig;
