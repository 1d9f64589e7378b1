import {
  PREMIUM_ORDERS_PATH,
  PRICING_PATH,
  type CreatePremiumOrderRequest,
  type PremiumCheckoutQuery,
} from '@rendezvous/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { lazySchemas } from '../../../lib/lazy-schemas';

export const premiumSchema = lazySchemas(() => import('./premium-schemas'));

/** Only a country the visitor picked is asked for; otherwise the server chooses (member's, GeoIP, the site's first). */
export const pricingPath = (country: string | null) =>
  country ? `${PRICING_PATH}?country=${encodeURIComponent(country)}` : PRICING_PATH;

/** GET /api/pricing.php: credit packages, message costs and premium plans for a country; public. */
export function getPricing(country: string | null, signal?: AbortSignal) {
  return apiRequest('GET', pricingPath(country), premiumSchema('PricingResponseSchema'), { signal });
}

/** GET /api/premiumorders.php: one plan's price with its VAT from a country, and how it can be paid. */
export function premiumCheckoutQueryOptions({ plan, country }: PremiumCheckoutQuery) {
  return queryOptions({
    queryKey: ['premium-checkout', plan, country],
    queryFn: ({ signal }) =>
      apiRequest(
        'GET',
        `${PREMIUM_ORDERS_PATH}?${new URLSearchParams({ plan, country })}`,
        premiumSchema('PremiumCheckoutResponseSchema'),
        { signal },
      ),
  });
}

/** POST /api/premiumorders.php: the order of a plan's first term, and the provider's checkout to go to. */
export function createPremiumOrder(order: CreatePremiumOrderRequest) {
  return apiRequest('POST', PREMIUM_ORDERS_PATH, premiumSchema('CreateOrderResponseSchema'), { body: order });
}
