import { DEFAULT_LOCALE, isLocale, paymentNotifyPath } from '@rendezvous/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { PublicUrl } from '../../config.js';
import type { Db } from '../../db/database.js';
import { isGone, type SubscriptionRow } from '../../db/schema.js';
import { catalogueText, type Catalogues } from '../../platform/i18n/catalogues.js';
import { vatQuote } from '../../platform/payments/pricing.js';
import type { ProviderRegistry } from '../../platform/payments/providers.js';
import { siteConfigOf } from '../../platform/sites/site-config.js';
import { siteOrigin } from '../../platform/sites/site-origin.js';
import type { OrdersRepository } from './orders.repository.js';
import type { PaymentMails } from './payment-mails.js';
import type { PaymentProcessing } from './process-payment-events.js';
import type { SpendingRepository } from './spending.repository.js';
import type { SubscriptionsRepository } from './subscriptions.repository.js';

/** Memberships looked at per run and kind, so one run stays short even after an outage. */
const BATCH = 100;

export interface RenewalOptions {
  db: Db;
  subscriptions: SubscriptionsRepository;
  orders: OrdersRepository;
  spending: SpendingRepository;
  providers: ProviderRegistry;
  processing: PaymentProcessing;
  mails: PaymentMails;
  publicUrl: PublicUrl;
  catalogues: Catalogues;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * Premium's calendar (issue 16), run with the order re-check: the reminder before each renewal,
 * the renewal charge on the term's end through the mandate the first payment left, and the end
 * of memberships that do not renew. Each step is claimed with a conditional update first, so
 * however many runs or nodes overlap, a member gets one reminder and one charge per term.
 */
export function createSubscriptionRenewal(options: RenewalOptions) {
  const { db, subscriptions, orders, spending, providers, processing, mails, publicUrl, catalogues, log } = options;

  async function remind(subscription: SubscriptionRow) {
    if (!(await subscriptions.claimReminder(subscription))) return;
    await mails
      .sendRenewalReminder(subscription)
      .catch((error: unknown) =>
        log.error({ err: error, subscriptionId: subscription.id }, 'renewal reminder not sent'),
      );
  }

  async function renew(subscription: SubscriptionRow, now: number) {
    if (!(await subscriptions.claimRenewal(subscription))) return;
    const amount = { amount: subscription.renewal_amount, currency: subscription.currency };
    // A member's own limit holds for renewals as for every payment: premium then lapses.
    if (!(await spending.fits(subscription.member_id, amount))) {
      await subscriptions.end(subscription, 'spending_limit', now);
      return;
    }
    const site = await siteConfigOf(db, subscription.site_id);
    const member = await db
      .selectFrom('members')
      .select(['language', 'status'])
      .where('id', '=', subscription.member_id)
      .executeTakeFirstOrThrow();
    // A deleted, banned or suspended account is never charged again: its membership lapses.
    if (isGone(member.status)) {
      await subscriptions.end(subscription, 'account_closed', now);
      return;
    }
    const quote = vatQuote(amount.amount, subscription.country, new Date(now));
    const order = await orders.create(
      {
        member_id: subscription.member_id,
        site_id: subscription.site_id,
        purchase: 'premium',
        package_id: subscription.plan_id,
        package_credits: 0,
        bonus_credits: site.premium?.benefits.monthly_bonus_credits ?? 0,
        plan_months: 1,
        renewal: 1,
        subscription_id: subscription.id,
        method: subscription.method,
        provider: subscription.provider,
        provider_reference: null,
        country: subscription.country,
        currency: amount.currency,
        net: quote.net,
        vat: quote.vat,
        gross: quote.gross,
        vat_rate_bp: quote.rateBp,
        return_to: null,
        mandate: subscription.mandate,
      },
      async () => {},
      now,
    );
    const provider = providers.get(subscription.provider);
    const refused = (reason: string) =>
      processing.processPaymentEvents(subscription.provider, [
        { orderId: order.id, providerReference: '', state: 'failed', eventKey: `renewal:${reason}`, amount },
      ]);
    if (!provider || subscription.mandate === null) {
      await refused(provider ? 'no_mandate' : 'provider_disabled');
      return;
    }
    try {
      const charge = await provider.chargeRecurring({
        orderId: order.id,
        amount,
        description: catalogueText(
          catalogues.get(isLocale(member.language) ? member.language : DEFAULT_LOCALE),
          'payment_provider.premium_description',
          { site: site.name, months: '1' },
        ),
        mandate: subscription.mandate,
        notifyUrl: `${siteOrigin(site, publicUrl)}${paymentNotifyPath(subscription.provider)}`,
      });
      await orders.markPending(order.id, charge.providerReference);
      await processing.processPaymentEvents(subscription.provider, charge.events);
    } catch (error) {
      // Left pending: the re-check asks the provider, and expires the order (ending premium) after a day.
      log.warn({ err: error, subscriptionId: subscription.id, orderId: order.id }, 'renewal charge not started');
    }
  }

  return async function runSubscriptions(now = Date.now()): Promise<void> {
    for (const subscription of await subscriptions.remindersDue(now, BATCH)) await remind(subscription);
    for (const subscription of await subscriptions.termsOver(now, BATCH)) {
      if (subscription.renews === 1) await renew(subscription, now);
      else await subscriptions.end(subscription, null, now);
    }
  };
}
