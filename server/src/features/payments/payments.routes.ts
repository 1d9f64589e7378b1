import {
  CREDIT_PACKAGES_PATH,
  CreateOrderRequestSchema,
  CreateOrderResponseSchema,
  CreditPackagesQuerySchema,
  CreditPackagesResponseSchema,
  ORDERS_PATH,
  OrderQuerySchema,
  OrderSchema,
  PAYMENT_METHODS_PATH,
  PaymentMethodsQuerySchema,
  PaymentMethodsResponseSchema,
  PaymentProviderSchema,
  REPEAT_ORDER_PATH,
  RepeatOrderRequestSchema,
  RepeatOrderResponseSchema,
  type SiteConfig,
  paymentNotifyPath,
  paymentReturnPath,
  VALIDATION,
  type CreditPackageSetting,
  type Money,
  type PaymentProviderId,
} from '@rendezvous/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, invalidInput, notFound } from '../../errors.js';
import { MINUTE_MS } from '../../lib/time.js';
import { ForgedNotificationError, type PaymentEvent } from '../../platform/payments/payment-provider.js';
import { pricedPackage, pricingCountry, routedMethods, vatQuote } from '../../platform/payments/pricing.js';
import type { ProviderRegistry } from '../../platform/payments/providers.js';
import { applyDiscount, type DiscountsRepository } from './discounts.repository.js';
import { toOrder, type OrdersRepository } from './orders.repository.js';
import type { PaymentProcessing } from './process-payment-events.js';
import type { SpendingRepository } from './spending.repository.js';
import type { StartCheckout } from './start-checkout.js';
import { keepRawBodies, providerRequestOf } from './provider-request.js';

export interface PaymentsRoutesOptions {
  orders: OrdersRepository;
  spending: SpendingRepository;
  providers: ProviderRegistry;
  processing: PaymentProcessing;
  startCheckout: StartCheckout;
  /** A provider's notifications per minute from one address (config.ts says why it can change). */
  notifyPerMinute: number;
  discounts: DiscountsRepository;
}

/** What the provider's page and the member's bank statement say a credits order bought. */
const creditsDescription = (setting: CreditPackageSetting, discountCredits: number) => ({
  key: 'payment_provider.description',
  values: { credits: String(setting.credits + setting.bonus_credits + discountCredits) },
});

/** Orders a member may start per hour: enough to retry a failed payment, too few to probe a processor. */
const ORDERS_PER_HOUR = 20;

const ProviderParamsSchema = z.object({ provider: z.string().max(32) });
const ReturnQuerySchema = z.object({ order: z.coerce.number<string>().int().positive().optional() }).loose();

/**
 * Buying credits (issue 16): the packages and methods for a country, ordering, reading one's own
 * order, and the two addresses providers reach: their notification and the member's return.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (
  app,
  { orders, spending, providers, processing, startCheckout, notifyPerMinute, discounts },
) => {
  /** A typed discount code priced into a package, or 400 with `fields.discount_code` saying why not. */
  async function discounted(
    who: { siteId: number; memberId: number },
    typed: string | undefined,
    price: Money,
    credits: number,
  ) {
    if (typed === undefined) return null;
    const checked = await discounts.check(who.siteId, who.memberId, typed);
    if (!checked.ok) throw invalidInput({ discount_code: checked.reason }, 'This discount code cannot be used.');
    return { codeId: checked.code.id, applied: applyDiscount(checked.code, price, credits) };
  }

  /** What a package costs from a country with the code typed, and the VAT inside: the methods call shows it, an order charges it. */
  async function priceFor(
    who: { siteId: number; memberId: number },
    setting: CreditPackageSetting,
    price: Money,
    country: string,
    typed: string | undefined,
  ) {
    const discount = await discounted(who, typed, price, setting.credits + setting.bonus_credits);
    const amount = discount?.applied.total ?? price;
    return { discount, amount, vat: vatQuote(amount.amount, country, new Date()) };
  }

  /** The provider named in the path, if this server takes payments through it. */
  function enabledProvider(name: string) {
    const parsed = PaymentProviderSchema.safeParse(name);
    const provider = parsed.success ? providers.get(parsed.data) : undefined;
    if (!provider) throw notFound('No such payment provider');
    return provider;
  }

  app.get(
    CREDIT_PACKAGES_PATH,
    {
      config: { access: 'member' },
      schema: { querystring: CreditPackagesQuerySchema, response: { 200: CreditPackagesResponseSchema } },
    },
    async (request) => {
      const { config } = request.site;
      const buyer = { paymentCountry: request.member.payment_country, country: request.member.country };
      const country = pricingCountry(config, buyer, request.query.country, request.settings.geoip_country);
      return {
        country: country ?? config.countries[0]!,
        countries: config.countries,
        message_credits: config.message_credits,
        packages: country
          ? config.credit_packages.flatMap((pkg) => pricedPackage(pkg, country, config.message_credits) ?? [])
          : [],
      };
    },
  );

  app.get(
    PAYMENT_METHODS_PATH,
    {
      config: { access: 'member' },
      schema: { querystring: PaymentMethodsQuerySchema, response: { 200: PaymentMethodsResponseSchema } },
    },
    async (request) => {
      const { config } = request.site;
      const { country } = request.query;
      const setting = config.credit_packages.find((pkg) => pkg.id === request.query.package);
      if (!setting) throw notFound('No such credit package');
      const pkg = pricedPackage(setting, country, config.message_credits);
      if (!pkg) throw invalidInput({ country: VALIDATION.choice });
      const { discount, vat: quote } = await priceFor(
        { siteId: request.site.id, memberId: request.member.id },
        setting,
        pkg.price,
        country,
        request.query.discount_code,
      );
      const money = (amount: number) => ({ amount, currency: pkg.price.currency });
      return {
        country,
        package: pkg,
        vat_rate_bp: quote.rateBp,
        net: money(quote.net),
        vat: money(quote.vat),
        methods: routedMethods(
          config.payment_routing,
          { purchase: 'credits', country, currency: pkg.price.currency },
          providers.enabled,
        ),
        within_spending_limit: await spending.fits(request.member.id, {
          amount: quote.gross,
          currency: pkg.price.currency,
        }),
        ...(discount ? { discount: discount.applied } : {}),
      };
    },
  );

  app.post(
    ORDERS_PATH,
    {
      config: { access: 'member', limits: [app.limits.perMember('order-create', ORDERS_PER_HOUR, 60 * MINUTE_MS)] },
      schema: { body: CreateOrderRequestSchema, response: { 200: CreateOrderResponseSchema } },
    },
    async (request) => {
      const { member, site } = request;
      const { country, method } = request.body;
      const setting = site.config.credit_packages.find((pkg) => pkg.id === request.body.package);
      if (!setting) throw invalidInput({ package: VALIDATION.choice });
      const price = setting.prices[country];
      if (!price) throw invalidInput({ country: VALIDATION.choice });
      const {
        discount,
        amount,
        vat: quote,
      } = await priceFor({ siteId: site.id, memberId: member.id }, setting, price, country, request.body.discount_code);
      const { order, redirectUrl } = await startCheckout({
        member,
        site,
        purchase: 'credits',
        method,
        country,
        amount,
        quote,
        order: {
          package_id: setting.id,
          package_credits: setting.credits,
          bonus_credits: setting.bonus_credits,
          return_to: request.body.return_to ?? null,
          mandate: null,
          discount_code_id: discount?.codeId ?? null,
          discount_code: discount?.applied.code ?? null,
          discount: discount?.applied.amount_off.amount ?? 0,
          discount_credits: discount?.applied.bonus_credits ?? 0,
        },
        // What the provider's page and the member's bank statement say was bought.
        description: creditsDescription(setting, discount?.applied.bonus_credits ?? 0),
        keepMethod: request.body.keep_method === true,
      });
      return { order: toOrder(order), redirect_url: redirectUrl };
    },
  );

  /** The last credits purchase, repriced now, if the method its provider kept can pay it again. */
  async function repeatable(member: { id: number }, config: SiteConfig) {
    const last = await orders.lastPaidCredits(member.id);
    if (!last) return { refusal: 'no_purchase' as const };
    if (last.mandate === null) return { refusal: 'no_kept_method' as const };
    const setting = config.credit_packages.find((pkg) => pkg.id === last.package_id);
    const pkg = setting && pricedPackage(setting, last.country, config.message_credits);
    if (!setting || !pkg) return { refusal: 'package_gone' as const };
    return {
      refusal: null,
      last,
      mandate: last.mandate,
      setting,
      pkg,
      quote: vatQuote(pkg.price.amount, last.country, new Date()),
    };
  }

  app.get(
    REPEAT_ORDER_PATH,
    { config: { access: 'member' }, schema: { response: { 200: RepeatOrderResponseSchema } } },
    async (request) => {
      const repeat = await repeatable(request.member, request.site.config);
      if (repeat.refusal !== null) {
        return {
          package: null,
          country: null,
          method: null,
          vat_rate_bp: 0,
          net: null,
          vat: null,
          within_spending_limit: true,
          refusal: repeat.refusal,
        };
      }
      const { pkg, quote, last } = repeat;
      const money = (amount: number) => ({ amount, currency: pkg.price.currency });
      return {
        package: pkg,
        country: last.country,
        method: last.method,
        vat_rate_bp: quote.rateBp,
        net: money(quote.net),
        vat: money(quote.vat),
        within_spending_limit: await spending.fits(request.member.id, pkg.price),
        refusal: null,
      };
    },
  );

  app.post(
    REPEAT_ORDER_PATH,
    {
      config: { access: 'member', limits: [app.limits.perMember('order-create', ORDERS_PER_HOUR, 60 * MINUTE_MS)] },
      schema: { body: RepeatOrderRequestSchema, response: { 200: CreateOrderResponseSchema } },
    },
    async (request) => {
      const { member, site } = request;
      const repeat = await repeatable(member, site.config);
      if (repeat.refusal !== null) throw notFound('There is no purchase that can be repeated in one step');
      const { last, setting, pkg, quote, mandate } = repeat;
      const { order, redirectUrl } = await startCheckout({
        member,
        site,
        purchase: 'credits',
        method: last.method,
        country: last.country,
        amount: pkg.price,
        quote,
        order: {
          package_id: setting.id,
          package_credits: setting.credits,
          bonus_credits: setting.bonus_credits,
          return_to: null,
          // Kept on the new order too, so the next repeat finds it there.
          mandate,
        },
        description: creditsDescription(setting, 0),
        mandate,
      });
      return { order: toOrder(order), redirect_url: redirectUrl };
    },
  );

  app.get(
    ORDERS_PATH,
    { config: { access: 'member' }, schema: { querystring: OrderQuerySchema, response: { 200: OrderSchema } } },
    async (request) => {
      const order = await orders.findOwn(request.member.id, request.query.id);
      if (!order) throw notFound('No such order');
      return toOrder(order);
    },
  );

  // Providers call from their servers: no session, no CSRF token; their signature is the check.
  await app.register(async (rawScope) => {
    keepRawBodies(rawScope);
    const scope = rawScope.withTypeProvider<ZodTypeProvider>();
    scope.route({
      method: ['GET', 'POST'],
      // The contract's path with the provider as a parameter.
      url: paymentNotifyPath(':provider' as PaymentProviderId),
      config: {
        access: 'public',
        csrfHeader: false,
        limits: [scope.limits.perIp('payment-notify', notifyPerMinute, MINUTE_MS)],
      },
      schema: { params: ProviderParamsSchema },
      handler: async (request, reply) => {
        const provider = enabledProvider(request.params.provider);
        let events: PaymentEvent[];
        try {
          events = await provider.parseNotification(providerRequestOf(request));
        } catch (error) {
          if (!(error instanceof ForgedNotificationError)) throw error;
          request.log.warn({ provider: provider.id, reason: error.message }, 'payment notification refused');
          throw new AppError(400, 'validation_failed', 'The notification is not signed by the provider.');
        }
        await processing.processPaymentEvents(provider.id, events);
        const answer = provider.acknowledge();
        return reply.status(answer.status).type(answer.contentType).send(answer.body);
      },
    });
  });

  app.get(
    paymentReturnPath(':provider' as PaymentProviderId),
    { config: { access: 'public' }, schema: { params: ProviderParamsSchema, querystring: ReturnQuerySchema } },
    async (request, reply) => {
      const provider = enabledProvider(request.params.provider);
      try {
        await processing.processPaymentEvents(provider.id, await provider.parseReturn(providerRequestOf(request)));
      } catch (error) {
        // The member still goes to the order: its page shows what the notification settles.
        if (!(error instanceof ForgedNotificationError)) throw error;
        request.log.warn({ provider: provider.id, reason: error.message }, 'payment return refused');
      }
      // Only the order's owner sees it there: /transactions/{id} asks GET /api/orders.php, which checks.
      const { order } = request.query;
      return reply.redirect(order ? `/transactions/${order}` : '/credits', 303);
    },
  );
};
