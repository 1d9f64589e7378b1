import {
  freeProfileVisitors,
  CreatePremiumOrderRequestSchema,
  CreateOrderResponseSchema,
  PREMIUM_ORDERS_PATH,
  PRICING_PATH,
  PUBLIC_CANCEL_PATH,
  PremiumCheckoutQuerySchema,
  PremiumCheckoutResponseSchema,
  PricingQuerySchema,
  PricingResponseSchema,
  PublicCancelRequestSchema,
  PublicCancelResponseSchema,
  SUBSCRIPTION_PATH,
  SubscriptionActionRequestSchema,
  SubscriptionResponseSchema,
  VALIDATION,
  type PremiumPlan,
  type PremiumPlanSetting,
  type SiteConfig,
} from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, invalidInput, notFound } from '../../errors.js';
import type { MemberRow, OrderRow, SubscriptionRow } from '../../db/schema.js';
import { DAY_MS, HOUR_MS } from '../../lib/time.js';
import { isPremium, messageCreditsFor } from '../../platform/payments/premium-terms.js';
import { pricedPackage, pricingCountry, routedMethods, vatQuote } from '../../platform/payments/pricing.js';
import type { ProviderRegistry } from '../../platform/payments/providers.js';
import type { PaymentMails } from './payment-mails.js';
import { toOrder } from './orders.repository.js';
import type { PaymentProcessing } from './process-payment-events.js';
import type { SpendingRepository } from './spending.repository.js';
import type { StartCheckout } from './start-checkout.js';
import type { SubscriptionsRepository } from './subscriptions.repository.js';

export interface PremiumRoutesOptions {
  subscriptions: SubscriptionsRepository;
  spending: SpendingRepository;
  providers: ProviderRegistry;
  processing: PaymentProcessing;
  startCheckout: StartCheckout;
  mails: PaymentMails;
}

/** Premium orders a member may start per hour, as for credits: a retry, never a probe. */
const ORDERS_PER_HOUR = 20;
/** The public cancel page: enough for a member who mistyped, too few to mail strangers. */
const PUBLIC_CANCELS_PER_HOUR = 10;
const PUBLIC_CANCELS_PER_ADDRESS_PER_DAY = 3;

const noPremium = () => notFound('This site sells no premium membership');
const alreadyPremium = () =>
  new AppError(409, 'premium_running', 'You already have a premium membership; manage it in your account.');

/** A plan as a buyer in `country` sees it; null where it has no price there. */
function pricedPlan(plan: PremiumPlanSetting, country: string): PremiumPlan | null {
  const price = plan.prices[country];
  const renewal = plan.renewal_prices[country];
  if (!price || !renewal || renewal.currency !== price.currency) return null;
  return {
    id: plan.id,
    months: plan.months,
    price,
    per_month: { amount: Math.round(price.amount / plan.months), currency: price.currency },
    renewal_price: renewal,
  };
}

function planOf(config: SiteConfig, id: string, country: string) {
  const setting = config.premium?.plans.find((plan) => plan.id === id);
  if (!setting) return null;
  const priced = pricedPlan(setting, country);
  return priced ? { setting, priced } : null;
}

/**
 * Premium membership (issue 16): public prices, ordering a plan through the same checkout as
 * credits, the member's membership with cancel, resume and the withdrawal button, and the public
 * "cancel a contract here" call that works without logging in.
 */
export const premiumRoutes: FastifyPluginAsyncZod<PremiumRoutesOptions> = async (
  app,
  { subscriptions, spending, providers, processing, startCheckout, mails },
) => {
  async function subscriptionOf(member: Pick<MemberRow, 'id' | 'premium_until'>) {
    const latest = await subscriptions.latestOf(member.id);
    return {
      subscription: latest ? await subscriptions.toSubscription(latest) : null,
      premium: isPremium(member, Date.now()),
    };
  }

  app.get(
    PRICING_PATH,
    {
      config: { access: 'optional' },
      schema: { querystring: PricingQuerySchema, response: { 200: PricingResponseSchema } },
    },
    async (request) => {
      const { config } = request.site;
      const { member } = request;
      const buyer = member ? { paymentCountry: member.payment_country, country: member.country } : null;
      const country = pricingCountry(config, buyer, request.query.country, request.settings.geoip_country);
      const premium = config.premium;
      return {
        country: country ?? config.countries[0]!,
        countries: config.countries,
        message_credits: config.message_credits,
        premium_message_credits: premium ? messageCreditsFor(config, true) : null,
        packages: country
          ? config.credit_packages.flatMap((pkg) => pricedPackage(pkg, country, config.message_credits) ?? [])
          : [],
        premium: premium
          ? {
              benefits: premium.benefits,
              plans: country ? premium.plans.flatMap((plan) => pricedPlan(plan, country) ?? []) : [],
              visitors_free: freeProfileVisitors(config),
            }
          : null,
      };
    },
  );

  app.get(
    PREMIUM_ORDERS_PATH,
    {
      config: { access: 'member' },
      schema: { querystring: PremiumCheckoutQuerySchema, response: { 200: PremiumCheckoutResponseSchema } },
    },
    async (request) => {
      const { config } = request.site;
      const { country } = request.query;
      if (!config.premium) throw noPremium();
      if (!config.premium.plans.some((plan) => plan.id === request.query.plan)) throw notFound('No such plan');
      const plan = planOf(config, request.query.plan, country);
      if (!plan) throw invalidInput({ country: VALIDATION.choice });
      const quote = vatQuote(plan.priced.price.amount, country, new Date());
      const money = (amount: number) => ({ amount, currency: plan.priced.price.currency });
      return {
        country,
        plan: plan.priced,
        vat_rate_bp: quote.rateBp,
        net: money(quote.net),
        vat: money(quote.vat),
        methods: routedMethods(
          config.payment_routing,
          { purchase: 'premium', country, currency: plan.priced.price.currency },
          providers.premiumEnabled,
        ),
        within_spending_limit: await spending.fits(request.member.id, money(quote.gross)),
        can_order: (await subscriptions.runningOf(request.member.id)) === undefined,
      };
    },
  );

  app.post(
    PREMIUM_ORDERS_PATH,
    {
      config: { access: 'member', limits: [app.limits.perMember('premium-order', ORDERS_PER_HOUR, HOUR_MS)] },
      schema: { body: CreatePremiumOrderRequestSchema, response: { 200: CreateOrderResponseSchema } },
    },
    async (request) => {
      const { member, site } = request;
      const { country, method } = request.body;
      const premium = site.config.premium;
      if (!premium) throw noPremium();
      const plan = planOf(site.config, request.body.plan, country);
      if (!plan) {
        throw invalidInput(
          premium.plans.some((candidate) => candidate.id === request.body.plan)
            ? { country: VALIDATION.choice }
            : { plan: VALIDATION.choice },
        );
      }
      if (await subscriptions.runningOf(member.id)) throw alreadyPremium();
      const { price, renewal_price: renewal } = plan.priced;
      const now = Date.now();
      const { order, redirectUrl } = await startCheckout({
        member,
        site,
        purchase: 'premium',
        method,
        country,
        amount: price,
        quote: vatQuote(price.amount, country, new Date(now)),
        order: {
          package_id: plan.setting.id,
          package_credits: 0,
          bonus_credits: premium.benefits.monthly_bonus_credits * plan.setting.months,
          plan_months: plan.setting.months,
          return_to: request.body.return_to ?? null,
          mandate: null,
        },
        description: { key: 'payment_provider.premium_description', values: { months: String(plan.setting.months) } },
        recurring: { period: 'month', amount: renewal },
        alsoInTransaction: async (trx, provider) => {
          const subscription = await subscriptions.create(
            trx,
            {
              member_id: member.id,
              site_id: site.id,
              plan_id: plan.setting.id,
              months: plan.setting.months,
              country,
              currency: price.currency,
              renewal_amount: renewal.amount,
              provider,
              method,
            },
            now,
          );
          return { subscription_id: subscription.id };
        },
      });
      return { order: toOrder(order), redirect_url: redirectUrl };
    },
  );

  app.get(
    SUBSCRIPTION_PATH,
    { config: { access: 'member' }, schema: { response: { 200: SubscriptionResponseSchema } } },
    async (request) => subscriptionOf(request.member),
  );

  app.post(
    SUBSCRIPTION_PATH,
    {
      config: { access: 'member', limits: [app.limits.perMember('subscription-action', 20, HOUR_MS)] },
      schema: { body: SubscriptionActionRequestSchema, response: { 200: SubscriptionResponseSchema } },
    },
    async (request) => {
      const { member } = request;
      const now = Date.now();
      switch (request.body.action) {
        case 'cancel': {
          const cancelled = await subscriptions.cancel(member.id, 'account', now);
          if (!cancelled) throw invalidInput({ action: VALIDATION.choice }, 'Nothing renews that could be cancelled.');
          await stopAtProvider(cancelled);
          await mails.sendCancelled(cancelled, now);
          break;
        }
        case 'resume': {
          const resumed = await subscriptions.resume(member.id, now);
          if (!resumed) throw invalidInput({ action: VALIDATION.choice }, 'Nothing cancelled that could be resumed.');
          break;
        }
        case 'withdraw': {
          const withdrawn = await subscriptions.withdraw(member.id, now);
          if (!withdrawn) throw invalidInput({ action: VALIDATION.choice }, 'The withdrawal period is over.');
          await stopAtProvider(withdrawn.subscription);
          await refund(withdrawn.order, withdrawn.refund, request.log);
          await mails.sendWithdrawn(withdrawn.subscription, withdrawn.order, withdrawn.refund);
          break;
        }
      }
      return subscriptionOf({ ...member, premium_until: await subscriptions.premiumUntil(member.id) });
    },
  );

  /** A provider that renews on its own is told too, so that it never charges again. */
  async function stopAtProvider(subscription: SubscriptionRow) {
    if (subscription.provider_subscription_id === null) return;
    const provider = providers.get(subscription.provider);
    await provider?.cancelSubscription({ providerSubscriptionId: subscription.provider_subscription_id });
  }

  /**
   * Asks the provider for the withdrawal's refund; what it reports goes through the processing.
   * A provider that cannot refund now leaves it to staff, recorded where they look.
   */
  async function refund(order: OrderRow, amount: number, log: { error(object: unknown, message: string): void }) {
    const provider = providers.get(order.provider);
    if (amount <= 0 || !provider) return;
    try {
      const events = await provider.refund(
        {
          orderId: order.id,
          providerReference: order.provider_reference,
          amount: { amount: order.gross, currency: order.currency },
        },
        { amount, currency: order.currency },
      );
      await processing.processPaymentEvents(order.provider, events);
    } catch (error) {
      log.error({ err: error, orderId: order.id }, 'withdrawal refund not started');
      await processing.recordAnomaly(order, 'refund_not_started');
    }
  }

  app.post(
    PUBLIC_CANCEL_PATH,
    {
      config: {
        access: 'public',
        limits: [
          app.limits.perIp('public-cancel', PUBLIC_CANCELS_PER_HOUR, HOUR_MS),
          app.limits.perEmail('public-cancel-address', PUBLIC_CANCELS_PER_ADDRESS_PER_DAY, DAY_MS, (request) =>
            String((request.body as { email?: unknown } | undefined)?.email ?? ''),
          ),
        ],
      },
      schema: { body: PublicCancelRequestSchema, response: { 200: PublicCancelResponseSchema } },
    },
    async (request) => {
      const { site } = request;
      const now = Date.now();
      // The same answer whether or not the address has a membership: the mail tells its owner.
      const member = await subscriptions.holderByEmail(site.id, request.body.email);
      if (member) {
        const cancelled = await subscriptions.cancel(member.id, 'public_page', now);
        const running = cancelled ?? (await subscriptions.runningOf(member.id, now));
        if (cancelled) await stopAtProvider(cancelled);
        if (running) await mails.sendCancelled(running, now);
        else await mails.sendNothingToCancel(member, site.id, now);
      }
      return { received_at: new Date(now).toISOString() };
    },
  );
};
