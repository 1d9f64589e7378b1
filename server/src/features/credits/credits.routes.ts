import { CreditsResponseSchema, type CreditReason, type MessageCostInfo, type Settings } from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';

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
  app.get(
    '/api/credits.php',
    { config: { access: 'member' }, schema: { response: { 200: CreditsResponseSchema } } },
    async (request) => {
      const member = request.member;
      const [balance, ledger] = await Promise.all([
        db.selectFrom('members').select('credits').where('id', '=', member.id).executeTakeFirstOrThrow(),
        db
          .selectFrom('credit_ledger')
          .select(['id', 'delta', 'reason', 'created_at'])
          .where('member_id', '=', member.id)
          .orderBy('id', 'desc')
          .limit(LEDGER_ROWS_SHOWN)
          .execute(),
      ]);
      return {
        balance: balance.credits,
        message_cost: messageCostFor(request.settings, member.country),
        ledger: ledger.map((row) => ({
          id: row.id,
          delta: row.delta,
          // Only the ledger module writes rows, and it takes a CreditReason.
          reason: row.reason as CreditReason,
          created_at: new Date(row.created_at).toISOString(),
        })),
      };
    },
  );
};
