import { SiteConfigSchema } from '@rendezvous/contract';
import type { Db } from '../../db/database.js';
import type { OrderRow } from '../../db/schema.js';
import { mailLocale } from '../../platform/mail/mail-templates.js';
import { memberMailTo, type MailService } from '../../platform/mail/mail.service.js';
import { formatMoney } from '../../platform/payments/money.js';

/**
 * The receipt for a paid order (issue 16), in the member's language, with what was bought, the
 * VAT inside the price and the seller's details from the site settings, as an invoice to a
 * consumer in the EU needs them.
 */
export function createReceiptMail({ db, mail }: { db: Db; mail: Pick<MailService, 'send'> }) {
  return async function sendReceipt(order: OrderRow): Promise<void> {
    const member = await db
      .selectFrom('members')
      .select(['id', 'email', 'language', 'name'])
      .where('id', '=', order.member_id)
      .executeTakeFirstOrThrow();
    const siteRow = await db
      .selectFrom('sites')
      .select('config')
      .where('id', '=', order.site_id)
      .executeTakeFirstOrThrow();
    const site = SiteConfigSchema.parse(JSON.parse(siteRow.config));
    const locale = mailLocale(member.language);
    const money = (minor: number) => formatMoney(minor, order.currency, locale);
    const rate = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    await mail.send('receipt', {
      ...memberMailTo(member, site),
      values: {
        orderId: String(order.id),
        date: new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(order.paid_at ?? order.created_at),
        credits: String(order.package_credits + order.bonus_credits + order.discount_credits),
        // A discount code's extra credits are bonus as much as the package's.
        bonus: String(order.bonus_credits + order.discount_credits),
        net: money(order.net),
        vat: money(order.vat),
        vatRate: rate.format(order.vat_rate_bp / 10_000),
        gross: money(order.gross),
        companyName: site.company_name,
        companyAddress: site.company_address,
        companyCity: site.company_city,
        companyCountry: site.company_country,
        kvk: site.company_kvk,
        vatNumbers: site.company_vat_numbers.join(', '),
      },
    });
  };
}
