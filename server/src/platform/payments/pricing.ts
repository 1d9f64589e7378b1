import type {
  CreditPackage,
  CreditPackageSetting,
  Money,
  PaymentMethod,
  PaymentProviderId,
  PaymentRoute,
  PurchaseType,
  SiteConfig,
} from '@rendezvous/contract';
import { rateOn, splitGross, type VatSplit } from './vat-rates.js';

/** Who is buying, as far as the price depends on it. */
export interface Buyer {
  paymentCountry: string | null;
  country: string | null;
}

/**
 * The country whose prices a member sees (spec §9's fallback, with the payment country first):
 * the one asked for, the member's payment country, the member's country, the GeoIP country,
 * then the site's first country that a package prices. A country counts only where some
 * package has a price, so the screen never comes up empty while another country would not.
 */
export function pricingCountry(
  site: Pick<SiteConfig, 'countries' | 'credit_packages'>,
  buyer: Buyer | null,
  asked: string | undefined,
  geoipCountry: string | null,
): string | null {
  const priced = (country: string | null | undefined): country is string =>
    typeof country === 'string' && site.credit_packages.some((pkg) => pkg.prices[country] !== undefined);
  const candidates = [asked, buyer?.paymentCountry, buyer?.country, geoipCountry, ...site.countries];
  return candidates.find(priced) ?? null;
}

/** The price of one message's credits at a package's rate, in its currency's minor units. */
export function perMessagePrice(pkg: CreditPackageSetting, price: Money, messageCredits: number): Money {
  const credits = pkg.credits + pkg.bonus_credits;
  return { amount: Math.round((price.amount * messageCredits) / credits), currency: price.currency };
}

/** A package as a member in `country` sees it; null when it has no price there. */
export function pricedPackage(
  pkg: CreditPackageSetting,
  country: string,
  messageCredits: number,
): CreditPackage | null {
  const price = pkg.prices[country];
  if (!price) return null;
  return {
    id: pkg.id,
    credits: pkg.credits,
    bonus_credits: pkg.bonus_credits,
    price,
    per_message: perMessagePrice(pkg, price, messageCredits),
  };
}

export interface VatQuote extends VatSplit {
  rateBp: number;
}

/** The VAT inside a price paid from `country` on `date`. */
export function vatQuote(gross: number, country: string, date: Date): VatQuote {
  const rateBp = rateOn(country, date);
  return { ...splitGross(gross, rateBp), rateBp };
}

/**
 * Which provider takes a method (site settings `payment_routing`): the first route that matches
 * the purchase, the country and the currency, names the method, and whose provider this server
 * has enabled. A route to a provider that is not enabled (dev in production, a processor without
 * credentials) is passed over rather than offered and then failing at the checkout.
 */
export function routeFor(
  routes: readonly PaymentRoute[],
  query: { purchase: PurchaseType; country: string; currency: string; method: PaymentMethod },
  enabled: ReadonlySet<PaymentProviderId>,
): PaymentProviderId | null {
  const route = routes.find(
    (candidate) =>
      enabled.has(candidate.provider) &&
      candidate.purchases.includes(query.purchase) &&
      (candidate.countries.includes('*') || candidate.countries.includes(query.country)) &&
      (!candidate.currencies || candidate.currencies.includes(query.currency)) &&
      candidate.methods.includes(query.method),
  );
  return route?.provider ?? null;
}

/** Every method offered for a purchase, with the provider that takes it, in the routes' order. */
export function routedMethods(
  routes: readonly PaymentRoute[],
  query: { purchase: PurchaseType; country: string; currency: string },
  enabled: ReadonlySet<PaymentProviderId>,
): { id: PaymentMethod; provider: PaymentProviderId }[] {
  const methods = [...new Set(routes.flatMap((route) => route.methods))];
  return methods.flatMap((method) => {
    const provider = routeFor(routes, { ...query, method }, enabled);
    return provider ? [{ id: method, provider }] : [];
  });
}
