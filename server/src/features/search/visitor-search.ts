import { visitorsMaySearch } from '@rendezvous/contract';
import type { FastifyRequest } from 'fastify';
import { readSentQuery, requireMemberFor } from '../../plugins/session.js';

/** Spec §6: visitors search only where the site allows it, or when they came with a traffic source. */
export function mayVisitorSearch(request: FastifyRequest, trafficsource: string | undefined): boolean {
  return visitorsMaySearch(request.site.config, trafficsource);
}

/** A visitor the site does not let search is asked to log in (403) before the filters are read. */
export const requireSearchAllowed = requireMemberFor((request) => {
  const trafficsource = readSentQuery(request, 'trafficsource');
  return !mayVisitorSearch(request, typeof trafficsource === 'string' ? trafficsource : undefined);
});
