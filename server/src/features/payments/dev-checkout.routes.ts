import { LOCALE_COOKIE, paymentNotifyPath, paymentReturnPath } from '@rendezvous/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidInput, notFound } from '../../errors.js';
import type { Catalogues } from '../../platform/i18n/catalogues.js';
import { detectLocale } from '../../platform/i18n/detect-locale.js';
import { renderDevCheckoutPage } from '../../platform/payments/dev/dev-checkout-page.js';
import { formatMoney } from '../../platform/payments/money.js';
import { DEV_CHECKOUT_PATH, DEV_OUTCOMES, type DevProcessor } from '../../platform/payments/dev/dev-provider.js';
import type { OrdersRepository } from './orders.repository.js';
import { keepRawBodies } from './provider-request.js';

export interface DevCheckoutRoutesOptions {
  dev: DevProcessor;
  orders: OrdersRepository;
  catalogues: Catalogues;
  allowPseudo: boolean;
}

/**
 * The test hook for a payment that succeeds after the member left the checkout: it completes at
 * the dev processor, whose notification follows, or with `notify=0` never arrives (for the re-check).
 */
export const DEV_SETTLE_PATH = '/payments/dev/settle';

const CheckoutQuerySchema = z.object({ order: z.coerce.number<string>().int().positive(), sig: z.string().max(100) });
const DecisionSchema = CheckoutQuerySchema.extend({ outcome: z.enum(DEV_OUTCOMES) });
const SettleQuerySchema = CheckoutQuerySchema.extend({ notify: z.enum(['0', '1']).default('1') });

/**
 * The dev provider's hosted checkout (issue 16): what a processor's payment page is, served by
 * this server outside production only (app.ts registers it only with the dev provider). Each
 * button sends the processor's signed notification to our notify path, through the same HTTP
 * route a real provider reaches, and then returns the member as a provider would.
 */
export const devCheckoutRoutes: FastifyPluginAsyncZod<DevCheckoutRoutesOptions> = async (
  app,
  { dev, orders, catalogues, allowPseudo },
) => {
  async function sendNotification(server: FastifyInstance, host: string, fields: Record<string, string>) {
    const response = await server.inject({
      method: 'POST',
      url: paymentNotifyPath('dev'),
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    if (response.statusCode !== 200)
      throw new Error(`The notify path answered ${response.statusCode}: ${response.body}`);
  }

  function signedOrder(order: number, sig: string) {
    if (!dev.checkoutSigned(order, sig)) throw notFound('No such test payment');
  }

  /**
   * The order, with its payment taken up by this node's processor when it is still pending: the
   * processor keeps payments in memory, and behind a balancer the page, the button and the
   * checkout that made the payment may each reach another node (or one restarted since).
   */
  async function adoptPending(orderId: number, request: FastifyRequest) {
    const order = await orders.find(orderId);
    if (order?.state === 'pending') {
      dev.adopt(orderId, {
        reference: order.provider_reference ?? `dev-${orderId}`,
        amount: { amount: order.gross, currency: order.currency },
        returnUrl: `${request.protocol}://${request.host}${paymentReturnPath('dev')}?order=${orderId}`,
        recurring: order.purchase === 'premium',
      });
    }
    return order;
  }

  app.get(
    DEV_CHECKOUT_PATH,
    { config: { access: 'public' }, schema: { querystring: CheckoutQuerySchema } },
    async (request, reply) => {
      const { order: orderId, sig } = request.query;
      signedOrder(orderId, sig);
      const order = await adoptPending(orderId, request);
      if (!order) throw notFound('No such test payment');
      const locale = detectLocale(request.cookies[LOCALE_COOKIE], request.headers['accept-language'], allowPseudo);
      const nonces = reply.pageNonces();
      reply.header('Cache-Control', 'no-store');
      return reply.type('text/html; charset=utf-8').send(
        renderDevCheckoutPage({
          locale,
          catalogue: catalogues.get(locale),
          orderId,
          amount: formatMoney(order.gross, order.currency, locale === 'pseudo' ? 'en' : locale),
          sig,
          open: dev.isOpen(orderId),
          nonces,
        }),
      );
    },
  );

  await app.register(async (rawScope) => {
    keepRawBodies(rawScope);
    const scope = rawScope.withTypeProvider<ZodTypeProvider>();
    const formOf = (body: unknown) => Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : ''));

    scope.post(DEV_CHECKOUT_PATH, { config: { access: 'public' } }, async (request, reply) => {
      const parsed = DecisionSchema.safeParse(formOf(request.body));
      if (!parsed.success) {
        throw invalidInput(
          Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])),
        );
      }
      const { order, sig, outcome } = parsed.data;
      signedOrder(order, sig);
      await adoptPending(order, request);
      if (!dev.isOpen(order)) throw notFound('This test payment is settled');
      const { notification, returnUrl } = dev.decide(order, outcome);
      if (notification) await sendNotification(app, request.host, notification);
      return reply.redirect(returnUrl, 303);
    });

    scope.post(
      DEV_SETTLE_PATH,
      { config: { access: 'public' }, schema: { querystring: SettleQuerySchema } },
      async (request, reply) => {
        const { order, sig, notify } = request.query;
        signedOrder(order, sig);
        await adoptPending(order, request);
        const notification = dev.settle(order);
        if (!notification) throw notFound('This test payment is not open');
        if (notify === '1') await sendNotification(app, request.host, notification);
        return reply.status(204).send();
      },
    );
  });
};
