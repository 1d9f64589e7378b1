import { countryNameIn, REGIONAL_CODES, type Locale, type SiteConfig } from '@rendezvous/contract';
import type { PublicUrl } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { MemberRow, OrderRow, SubscriptionRow } from '../../db/schema.js';
import { mailLocale } from '../../platform/mail/mail-templates.js';
import { memberMailTo, type MailService } from '../../platform/mail/mail.service.js';
import { formatMoney } from '../../platform/payments/money.js';
import { siteConfigOf } from '../../platform/sites/site-config.js';
import { siteOrigin } from '../../platform/sites/site-origin.js';

/** Where the account's membership section and the public cancel page live (web route table). */
const ACCOUNT_PATH = '/profile';
export const PUBLIC_CANCEL_PAGE = '/cancel-contract';

type Recipient = Pick<MemberRow, 'id' | 'email' | 'language' | 'name'>;

/**
 * The mails of payments and premium (issue 16), each in the member's language: the receipt of
 * a paid order with the VAT inside and the seller's details from the site settings (as an
 * invoice to a consumer in the EU needs them), and premium's durable confirmations: the renewal
 * reminder, a cancellation, a cancel request for an address without a membership, a withdrawal.
 */
export function createPaymentMails({
  db,
  mail,
  publicUrl,
}: {
  db: Db;
  mail: Pick<MailService, 'send'>;
  publicUrl: PublicUrl;
}) {
  async function recipient(memberId: number, siteId: number) {
    const member = await db
      .selectFrom('members')
      .select(['id', 'email', 'language', 'name'])
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    const site = await siteConfigOf(db, siteId);
    const locale = mailLocale(member.language);
    const origin = siteOrigin(site, publicUrl);
    return {
      member,
      site,
      origin,
      locale,
      money: (minor: number, currency: string) => formatMoney(minor, currency, locale),
      date: (ms: number) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(ms),
      moment: (ms: number) =>
        new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(ms),
      months: (count: number) =>
        new Intl.NumberFormat(locale, { style: 'unit', unit: 'month', unitDisplay: 'long' }).format(count),
    };
  }

  /** The seller as the invoice names it; the country in the member's language, as the site's footer does. */
  const seller = (site: SiteConfig, locale: Locale) => ({
    companyName: site.company_name,
    companyAddress: site.company_address,
    companyCity: site.company_city,
    companyCountry: countryNameIn(site.company_country, REGIONAL_CODES[locale]),
    kvk: site.company_kvk,
    vatNumbers: site.company_vat_numbers.join(', '),
  });

  async function sendReceipt(order: OrderRow): Promise<void> {
    const { member, site, origin, locale, money, date, months } = await recipient(order.member_id, order.site_id);
    const rate = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    const amounts = {
      orderId: String(order.id),
      date: date(order.paid_at ?? order.created_at),
      net: money(order.net, order.currency),
      vat: money(order.vat, order.currency),
      vatRate: rate.format(order.vat_rate_bp / 10_000),
      gross: money(order.gross, order.currency),
      ...seller(site, locale),
    };
    if (order.purchase === 'premium' && order.subscription_id !== null) {
      const subscription = await db
        .selectFrom('subscriptions')
        .select(['current_period_end', 'renewal_amount', 'currency'])
        .where('id', '=', order.subscription_id)
        .executeTakeFirstOrThrow();
      await mail.send('premium_receipt', {
        ...memberMailTo(member, site),
        values: {
          ...amounts,
          term: months(order.plan_months),
          periodEnd: date(subscription.current_period_end ?? order.created_at),
          credits: String(order.bonus_credits),
          renewal: money(subscription.renewal_amount, subscription.currency),
          cancelUrl: `${origin}${PUBLIC_CANCEL_PAGE}`,
        },
      });
      return;
    }
    await mail.send('receipt', {
      ...memberMailTo(member, site),
      values: {
        ...amounts,
        credits: String(order.package_credits + order.bonus_credits + order.discount_credits),
        // A discount code's extra credits are bonus as much as the package's.
        bonus: String(order.bonus_credits + order.discount_credits),
      },
    });
  }

  return {
    sendReceipt,

    async sendRenewalReminder(subscription: SubscriptionRow): Promise<void> {
      const { member, site, origin, money, date } = await recipient(subscription.member_id, subscription.site_id);
      await mail.send('premium_reminder', {
        ...memberMailTo(member, site, `${origin}${ACCOUNT_PATH}`),
        values: {
          renewalDate: date(subscription.current_period_end ?? subscription.updated_at),
          amount: money(subscription.renewal_amount, subscription.currency),
          cancelUrl: `${origin}${PUBLIC_CANCEL_PAGE}`,
        },
      });
    },

    async sendCancelled(subscription: SubscriptionRow, receivedAt: number): Promise<void> {
      const { member, site, origin, date, moment } = await recipient(subscription.member_id, subscription.site_id);
      await mail.send('premium_cancelled', {
        ...memberMailTo(member, site, `${origin}${ACCOUNT_PATH}`),
        values: { receivedAt: moment(receivedAt), endDate: date(subscription.current_period_end ?? receivedAt) },
      });
    },

    async sendNothingToCancel(member: Recipient, siteId: number, receivedAt: number): Promise<void> {
      const { site, moment } = await recipient(member.id, siteId);
      await mail.send('premium_cancel_not_found', {
        ...memberMailTo(member, site),
        values: { receivedAt: moment(receivedAt) },
      });
    },

    async sendWithdrawn(subscription: SubscriptionRow, order: OrderRow, refund: number): Promise<void> {
      const { member, site, money, moment } = await recipient(subscription.member_id, subscription.site_id);
      await mail.send('premium_withdrawn', {
        ...memberMailTo(member, site),
        values: {
          receivedAt: moment(subscription.withdrawn_at ?? subscription.updated_at),
          refund: money(refund, order.currency),
          paid: money(order.gross, order.currency),
        },
      });
    },
  };
}

export type PaymentMails = ReturnType<typeof createPaymentMails>;
