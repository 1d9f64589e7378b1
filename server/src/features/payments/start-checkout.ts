import {
  DEFAULT_LOCALE,
  isLocale,
  paymentReturnPath,
  paymentNotifyPath,
  type Money,
  type PaymentMethod,
  type PaymentProviderId,
  type PurchaseType,
  type SiteConfig,
} from '@rendezvous/contract';
import type { PublicUrl } from '../../config.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../db/database.js';
import type { MemberRow, OrderRow } from '../../db/schema.js';
import { catalogueText, type Catalogues } from '../../platform/i18n/catalogues.js';
import type { CheckoutRequest } from '../../platform/payments/payment-provider.js';
import { routeFor, type VatQuote } from '../../platform/payments/pricing.js';
import type { ProviderRegistry } from '../../platform/payments/providers.js';
import { siteOrigin } from '../../platform/sites/site-origin.js';
import type { NewOrder, OrdersRepository } from './orders.repository.js';
import type { PaymentProcessing } from './process-payment-events.js';
import type { SpendingRepository } from './spending.repository.js';

export const methodUnavailable = () =>
  new AppError(400, 'payment_method_unavailable', 'This payment method is not available for your country.');

export interface CheckoutStarterOptions {
  processing: PaymentProcessing;
  orders: OrdersRepository;
  spending: SpendingRepository;
  providers: ProviderRegistry;
  publicUrl: PublicUrl;
  catalogues: Catalogues;
}

/** What one purchase needs to reach its provider; the caller has priced it. */
export interface Purchase {
  member: MemberRow;
  site: { id: number; config: SiteConfig; domain: string };
  purchase: PurchaseType;
  method: PaymentMethod;
  country: string;
  /** What the member pays, VAT included, and its split. */
  amount: Money;
  quote: VatQuote;
  /** The order's own columns: what was bought. */
  order: Omit<
    NewOrder,
    | 'member_id'
    | 'site_id'
    | 'purchase'
    | 'method'
    | 'provider'
    | 'provider_reference'
    | 'country'
    | 'currency'
    | 'net'
    | 'vat'
    | 'gross'
    | 'vat_rate_bp'
  >;
  /** The catalogue key and values of what the provider's page and the bank statement say. */
  description: { key: string; values: Record<string, string> };
  recurring?: CheckoutRequest['recurring'];
  keepMethod?: boolean;
  /** A repeat order: the method the provider kept is charged, with no checkout page unless it needs one. */
  mandate?: string;
  /** Writes in the order's transaction (a premium order's membership) and adds to the order. */
  alsoInTransaction?: (trx: Db, provider: PaymentProviderId) => Promise<Partial<NewOrder>>;
}

/**
 * The one way a member's purchase reaches a provider (issue 16), for credits and premium alike:
 * the site's routing picks the provider, which must take the method for this country and amount;
 * the order is written within the member's spending limit; then the provider's checkout.
 */
export function createCheckoutStarter({
  processing,
  orders,
  spending,
  providers,
  publicUrl,
  catalogues,
}: CheckoutStarterOptions) {
  return async function startCheckout(purchase: Purchase): Promise<{ order: OrderRow; redirectUrl: string }> {
    const { member, site, method, country, amount, quote } = purchase;
    const providerId = routeFor(
      site.config.payment_routing,
      { purchase: purchase.purchase, country, currency: amount.currency, method },
      purchase.purchase === 'premium' ? providers.premiumEnabled : providers.enabled,
    );
    const provider = providerId ? providers.get(providerId) : undefined;
    if (!providerId || !provider) throw methodUnavailable();
    if (!(await provider.methods({ country, amount, purchase: purchase.purchase })).includes(method)) {
      throw methodUnavailable();
    }

    await orders.setPaymentCountry(member.id, country);
    const room = spending.roomFor(member.id, { amount: quote.gross, currency: amount.currency });
    const order = await orders.create(
      {
        ...purchase.order,
        member_id: member.id,
        site_id: site.id,
        purchase: purchase.purchase,
        method,
        provider: providerId,
        provider_reference: null,
        country,
        currency: amount.currency,
        net: quote.net,
        vat: quote.vat,
        gross: quote.gross,
        vat_rate_bp: quote.rateBp,
      },
      async (trx) => {
        await room(trx);
        return purchase.alsoInTransaction?.(trx, providerId) ?? {};
      },
    );
    const origin = siteOrigin(site, publicUrl);
    const locale = isLocale(member.language) ? member.language : DEFAULT_LOCALE;
    const description = catalogueText(catalogues.get(locale), purchase.description.key, {
      site: site.config.name,
      ...purchase.description.values,
    });
    const notifyUrl = `${origin}${paymentNotifyPath(providerId)}`;
    if (purchase.mandate !== undefined) {
      const charge = await provider.chargeRecurring({
        orderId: order.id,
        amount,
        description,
        mandate: purchase.mandate,
        notifyUrl,
      });
      await orders.markPending(order.id, charge.providerReference);
      await processing.processPaymentEvents(providerId, charge.events);
      const settled = (await orders.find(order.id)) ?? order;
      // Charged without the member, the order page shows it settle; a one-click token still needs them.
      return { order: settled, redirectUrl: charge.redirectUrl ?? `/transactions/${order.id}` };
    }
    const checkout = await provider.createCheckout({
      orderId: order.id,
      purchase: purchase.purchase,
      method,
      amount,
      country,
      description,
      email: member.email,
      locale: member.language,
      returnUrl: `${origin}${paymentReturnPath(providerId)}?order=${order.id}`,
      notifyUrl,
      ...(purchase.recurring ? { recurring: purchase.recurring } : {}),
      ...(purchase.keepMethod ? { keepMethod: true } : {}),
    });
    const pending = await orders.markPending(order.id, checkout.providerReference);
    return { order: pending, redirectUrl: checkout.redirectUrl };
  };
}

export type StartCheckout = ReturnType<typeof createCheckoutStarter>;
