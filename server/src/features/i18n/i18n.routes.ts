import { isLocale, PSEUDO_LOCALE } from '@rendezvous/contract';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../errors.js';
import type { Catalogues } from '../../platform/i18n/catalogues.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Spec §7: GET /_i18n/{hash}/{locale}/messages.json; a stale hash still answers, uncached. */
export const i18nRoutes: FastifyPluginAsync<{ catalogues: Catalogues; allowPseudo: boolean }> = async (
  app,
  options,
) => {
  app.get<{ Params: { hash: string; locale: string } }>(
    '/_i18n/:hash/:locale/messages.json',
    { config: { access: 'public' } },
    async (request, reply) => {
      const { hash, locale } = request.params;
      const known = isLocale(locale) || (locale === PSEUDO_LOCALE && options.allowPseudo);
      if (!known) throw notFound(`Unknown locale ${locale}`);
      reply.header('Cache-Control', hash === options.catalogues.hash ? IMMUTABLE : 'no-cache');
      return options.catalogues.get(locale);
    },
  );
};
