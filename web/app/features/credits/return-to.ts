import { DISCOUNT_CODE_PARAM, RETURN_TO_MAX, RETURN_TO_PATTERN } from '@rendezvous/contract';

/** The query parameter that carries the way back (a conversation) through the credits screens. */
export const RETURN_TO_PARAM = 'return_to';
/**
 * Where a message that could not be paid for sends the member. Here rather than in the credits
 * route: the chat imports it, and the route module would put the packages and payment code in
 * the chat's first load.
 */
export const CREDITS_INSUFFICIENT_PATH = '/credits?reason=insufficient';
/** The payment country the member picked, carried from the packages to the checkout. */
export const COUNTRY_PARAM = 'country';

/** Only a path of this site is a way back: an address from outside must not send the member elsewhere. */
export function safeReturnTo(value: string | null | undefined): string | null {
  return value && value.length <= RETURN_TO_MAX && RETURN_TO_PATTERN.test(value) ? value : null;
}

/** The query string that keeps the picked country and the way back from one credits screen to the next. */
export function creditsSearch({
  country,
  returnTo,
  discountCode,
}: {
  country?: string | null;
  returnTo?: string | null;
  discountCode?: string | null;
}): string {
  const params = new URLSearchParams();
  if (country) params.set(COUNTRY_PARAM, country);
  if (returnTo) params.set(RETURN_TO_PARAM, returnTo);
  if (discountCode) params.set(DISCOUNT_CODE_PARAM, discountCode);
  const search = params.toString();
  return search ? `?${search}` : '';
}
