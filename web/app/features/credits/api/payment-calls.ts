import {
  CREDIT_PACKAGES_PATH,
  DISCOUNT_CODE_PATH,
  ORDERS_PATH,
  PAYMENT_METHODS_PATH,
  REPEAT_ORDER_PATH,
  type CreateOrderRequest,
  type PaymentMethodsQuery,
  type RepeatOrderRequest,
} from '@rendezvous/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { lazySchemas } from '../../../lib/lazy-schemas';

export const paymentSchema = lazySchemas(() => import('./payment-schemas'));

/** Only a country the member picked is asked for; otherwise the server chooses (payment country, country, GeoIP). */
export const creditPackagesPath = (country: string | null) =>
  country ? `${CREDIT_PACKAGES_PATH}?country=${encodeURIComponent(country)}` : CREDIT_PACKAGES_PATH;

/** GET /api/creditpackages.php: the site's packages priced for a country. */
export function getCreditPackages(country: string | null, signal?: AbortSignal) {
  return apiRequest('GET', creditPackagesPath(country), paymentSchema('CreditPackagesResponseSchema'), { signal });
}

export function creditPackagesQueryOptions(country: string | null) {
  return queryOptions({
    queryKey: ['credit-packages', country],
    queryFn: ({ signal }) => getCreditPackages(country, signal),
  });
}

/**
 * GET /api/paymentmethods.php: how one package is paid from a country, with the VAT inside its
 * price, less a discount code's share when one is given (a refused code is a 400 ApiError).
 */
export function getPaymentMethods(
  { package: id, country, discount_code: code }: PaymentMethodsQuery,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({ package: id, country, ...(code ? { discount_code: code } : {}) });
  return apiRequest('GET', `${PAYMENT_METHODS_PATH}?${query}`, paymentSchema('PaymentMethodsResponseSchema'), {
    signal,
  });
}

export function paymentMethodsQueryOptions(query: PaymentMethodsQuery) {
  return queryOptions({
    queryKey: ['payment-methods', query.package, query.country, query.discount_code ?? null],
    queryFn: ({ signal }) => getPaymentMethods(query, signal),
  });
}

/** POST /api/orders.php: the order, and the provider's checkout the browser goes to next. */
export function createOrder(order: CreateOrderRequest) {
  return apiRequest('POST', ORDERS_PATH, paymentSchema('CreateOrderResponseSchema'), { body: order });
}

/** GET /api/repeatorder.php: the last credits purchase priced now, or why it cannot be repeated in one step. */
export function repeatOrderQueryOptions() {
  return queryOptions({
    queryKey: ['repeat-order'],
    queryFn: ({ signal }) =>
      apiRequest('GET', REPEAT_ORDER_PATH, paymentSchema('RepeatOrderResponseSchema'), { signal }),
  });
}

/** POST /api/repeatorder.php: the one confirmation; the answer names the paid order's page or the provider's. */
export function repeatOrder(order: RepeatOrderRequest) {
  return apiRequest('POST', REPEAT_ORDER_PATH, paymentSchema('CreateOrderResponseSchema'), { body: order });
}

export const orderPath = (id: number | string) => `${ORDERS_PATH}?id=${id}`;

/** While an order waits for the provider, asked again this often in case the live event is missed. */
export const ORDER_POLL_INTERVAL_MS = 5_000;

/** GET /api/orders.php?id=: one of the member's own orders; anyone else's is a 404 ApiError. */
export function getOrder(id: number, signal?: AbortSignal) {
  return apiRequest('GET', orderPath(id), paymentSchema('OrderSchema'), { signal });
}

export function orderQueryOptions(id: number) {
  return queryOptions({ queryKey: ['order', id], queryFn: ({ signal }) => getOrder(id, signal) });
}

/**
 * GET /api/discountcode.php?welcome=true: the member's welcome code, or null when there is none.
 * Any failure is null too: the welcome offer is a nicety that never stands in the way (spec §8).
 */
export function welcomeDiscountQueryOptions() {
  return queryOptions({
    queryKey: ['discount-code', 'welcome'],
    queryFn: ({ signal }) =>
      apiRequest('GET', `${DISCOUNT_CODE_PATH}?welcome=true`, paymentSchema('DiscountCodeSchema'), { signal }).catch(
        () => null,
      ),
  });
}
