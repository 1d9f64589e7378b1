import { CompanyInfoResponseSchema, type CompanyInfoResponse, type SiteConfig } from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The operator's details change with a contract, not by the minute. */
export const COMPANY_INFO_MAX_AGE_S = 300;

/** The settings' company_* fields under the names spec §7 gives the call. */
export function companyInfoOf(config: SiteConfig): CompanyInfoResponse {
  return {
    name: config.company_name,
    address: config.company_address,
    kvk: config.company_kvk,
    city: config.company_city,
    country: config.company_country,
    tradenames: config.company_tradenames,
    vat_numbers: config.company_vat_numbers,
    support_phone: config.support_phone,
    delete_discount: config.delete_discount,
  };
}

/** GET /api/companyinfo.php: who runs the site, for the terms, privacy and service pages. */
export const companyInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/companyinfo.php',
    { config: { access: 'public' }, schema: { response: { 200: CompanyInfoResponseSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', `public, max-age=${COMPANY_INFO_MAX_AGE_S}`);
      return companyInfoOf(request.site.config);
    },
  );
};
