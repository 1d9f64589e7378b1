import type { FastifyRequest } from 'fastify';

/** Spec §6: visitors search only where the site allows it, or when they came with a traffic source. */
export function mayVisitorSearch(request: FastifyRequest, trafficsource: string | undefined): boolean {
  const { config } = request.site;
  return config.logged_out_search || (config.logged_out_search_trafficsource && Boolean(trafficsource));
}
