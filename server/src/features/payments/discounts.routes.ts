import { DISCOUNT_CODE_PATH, DiscountCodeQuerySchema, DiscountCodeSchema, VALIDATION } from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invalidInput, notFound } from '../../errors.js';
import { toDiscountCode, type DiscountsRepository } from './discounts.repository.js';

export interface DiscountsRoutesOptions {
  discounts: DiscountsRepository;
}

/** GET /api/discountcode.php (spec §7): the welcome code, the delete offer, or a typed code checked. */
export const discountsRoutes: FastifyPluginAsyncZod<DiscountsRoutesOptions> = async (app, { discounts }) => {
  app.get(
    DISCOUNT_CODE_PATH,
    {
      config: { access: 'member' },
      schema: { querystring: DiscountCodeQuerySchema, response: { 200: DiscountCodeSchema } },
    },
    async (request) => {
      const { member, site, query } = request;
      if (query.welcome) {
        const welcome = await discounts.welcomeFor(site.id, member);
        if (!welcome) throw notFound('No welcome discount');
        return toDiscountCode(welcome);
      }
      if (query.delete) {
        const offer = await discounts.deleteOfferFor(site.id, member.id, site.config.delete_discount);
        if (!offer) throw notFound('No discount offered');
        return toDiscountCode(offer);
      }
      if (!query.code) throw invalidInput({ code: VALIDATION.required });
      const checked = await discounts.check(site.id, member.id, query.code);
      if (!checked.ok) throw invalidInput({ code: checked.reason }, 'This discount code cannot be used.');
      return toDiscountCode(checked.code);
    },
  );
};
