import {
  APP_ICON_SIZES_PX,
  APP_MANIFEST_PATH,
  APPLE_TOUCH_ICON_PATH,
  APPLE_TOUCH_ICON_SIZE_PX,
  AppManifestSchema,
  appIconPath,
  TEMPLATE_APP_COLOURS,
  type AppIconPurpose,
  type AppManifest,
} from '@rendezvous/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Site } from '../../platform/sites/sites.repository.js';
import { createAppIcons } from './app-icons.js';

const PURPOSES: AppIconPurpose[] = ['any', 'maskable'];

/**
 * Sites are told apart by host alone, so shared caches must key on it. An hour is how long a
 * renamed or re-templated site may still install with its old name and colours.
 */
function cacheBySite(reply: FastifyReply): void {
  reply.header('Cache-Control', 'public, max-age=3600');
  reply.header('Vary', 'Host');
}

function manifestOf(site: Site): AppManifest {
  const colours = TEMPLATE_APP_COLOURS[site.config.template.name];
  return {
    id: '/',
    name: site.config.name,
    short_name: site.config.name,
    lang: site.config.domain_language,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: colours.theme,
    background_color: colours.background,
    icons: APP_ICON_SIZES_PX.flatMap((size) =>
      PURPOSES.map((purpose) => ({
        src: appIconPath(size, purpose),
        sizes: `${size}x${size}`,
        type: 'image/png' as const,
        purpose,
      })),
    ),
  };
}

/** Spec §1: what makes a site installable, answered for the site the host names. */
export const appManifestRoutes: FastifyPluginAsyncZod = async (app) => {
  const icons = createAppIcons();

  app.get(
    APP_MANIFEST_PATH,
    { config: { access: 'public' }, schema: { response: { 200: AppManifestSchema } } },
    async (request, reply) => {
      cacheBySite(reply);
      reply.type('application/manifest+json; charset=utf-8');
      return manifestOf(request.site);
    },
  );

  const sendIcon =
    (sizePx: number, purpose: AppIconPurpose) => async (request: FastifyRequest, reply: FastifyReply) => {
      const png = await icons.png(TEMPLATE_APP_COLOURS[request.site.config.template.name].theme, sizePx, purpose);
      cacheBySite(reply);
      return reply.type('image/png').send(png);
    };
  for (const size of APP_ICON_SIZES_PX) {
    for (const purpose of PURPOSES) {
      app.get(appIconPath(size, purpose), { config: { access: 'public' } }, sendIcon(size, purpose));
    }
  }
  // Opaque and full-bleed: iOS rounds the corners itself and would show transparency as black.
  app.get(APPLE_TOUCH_ICON_PATH, { config: { access: 'public' } }, sendIcon(APPLE_TOUCH_ICON_SIZE_PX, 'maskable'));
};
