/*
 * The payment calls' addresses and the check of a way back, without zod, so the credits screens
 * paint before the schemas load; the schemas of the calls are in payments.ts.
 */

export const CREDIT_PACKAGES_PATH = '/api/creditpackages.php';
export const PAYMENT_METHODS_PATH = '/api/paymentmethods.php';
export const ORDERS_PATH = '/api/orders.php';
/** One-step repeat of the last credits purchase (payments.ts RepeatOrderResponse). */
export const REPEAT_ORDER_PATH = '/api/repeatorder.php';
/** Discount codes (discounts.ts) and the spending limit (spending.ts). */
export const DISCOUNT_CODE_PATH = '/api/discountcode.php';
export const SPENDING_PATH = '/api/spending.php';

/** The web's query parameter that brings a code to /credits and its checkout: the API's own name. */
export const DISCOUNT_CODE_PARAM = 'discount_code';

/** A path of this site to return to after paying (a conversation): never another host, never `//`. */
export const RETURN_TO_PATTERN = /^\/(?!\/)[^\s\\]*$/;
export const RETURN_TO_MAX = 200;

/** Premium (premium.ts): public prices, ordering a plan, the member's membership, the public cancel page's call. */
export const PRICING_PATH = '/api/pricing.php';
export const PREMIUM_ORDERS_PATH = '/api/premiumorders.php';
export const SUBSCRIPTION_PATH = '/api/subscription.php';
export const PUBLIC_CANCEL_PATH = '/api/cancelcontract.php';
