import { CreditsResponseSchema, type MessageCostInfo, type Settings } from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { createCreditsRepository } from './credits.repository.js';

export interface CreditsRoutesOptions {
  db: Db;
}

/** Ledger rows shown with the balance; older ones belong on a statement page, not here. */
export const LEDGER_ROWS_SHOWN = 50;

/**
 * Spec §9: the price of a message in the currency of the member's country, falling back to the
 * GeoIP country, then to the site's first country (a site always prices that one).
 */
export function messageCostFor(settings: Settings, memberCountry: string | null): MessageCostInfo {
  const costs = settings.minimum_message_costs;
  const country = [memberCountry, settings.geoip_country, ...settings.countries].find(
    (candidate) => candidate !== null && costs[candidate] !== undefined,
  );
  const price = country ? costs[country] : Object.values(costs)[0];
  // A site without any price charges credits only; show no money rather than a made-up one.
  return { credits: settings.message_credits, costs: price?.costs ?? 0, currency: price?.currency ?? 'EUR' };
}

/** GET /api/credits.php — ours: balance, what a message costs, and the latest ledger rows. */
export const creditsRoutes: FastifyPluginAsyncZod<CreditsRoutesOptions> = async (app, { db }) => {
  const credits = createCreditsRepository(db);

  app.get(
    '/api/credits.php',
    { config: { access: 'member' }, schema: { response: { 200: CreditsResponseSchema } } },
    async (request) => {
      const member = request.member;
      const [balance, ledger] = await Promise.all([
        credits.balanceOf(member.id),
        credits.latestLedger(member.id, LEDGER_ROWS_SHOWN),
      ]);
      return {
        balance,
        message_cost: messageCostFor(request.settings, member.country),
        ledger: ledger.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() })),
      };
    },
  );
};
