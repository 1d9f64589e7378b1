import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Verotel's side of FlexPay on a local port, for tests and benchmarks only: it checks startorder
 * and salestatus signatures with its own code (not the adapter's), keeps the sales it was asked
 * for, and writes the signed postbacks and success redirects Verotel would send, as documented
 * at https://controlcenter.verotel.com/flexpay-doc/.
 */
export type StubParams = Record<string, string>;

export interface VerotelStubSale {
  saleId: string;
  /** The startorder parameters, as the stub received and verified them. */
  order: StubParams;
  result: 'APPROVED' | 'DECLINED';
}

export interface VerotelStubStatusAnswer {
  status: number;
  body: string;
}

export interface VerotelStub {
  /** For VerotelOptions.baseUrl. */
  baseUrl: string;
  shopId: string;
  signatureKey: string;
  /** Every request's URL, in order of arrival. */
  requests: URL[];
  /** Startorder calls whose signature held, by referenceID. */
  orders: Map<string, StubParams>;
  /** The member pays on the order page: the sale, its postback and its success redirect. */
  pay(referenceId: string): { sale: VerotelStubSale; postback: StubParams; successRedirect: StubParams };
  /** The order page declines the member's payment (FlexPay sends no postback for it). */
  decline(referenceId: string): VerotelStubSale;
  /** Staff refund all or part of a sale in the Control Center: its credit postback. */
  credit(referenceId: string, priceAmount: string): StubParams;
  /** The card holder's bank takes the money back: the chargeback postback. */
  chargeback(referenceId: string): StubParams;
  /** Signs any parameters as Verotel does, for postbacks a test writes by hand. */
  sign(params: StubParams): StubParams;
  /** What the following status calls get instead of the sale (an outage, an error answer). */
  failStatus(answer: VerotelStubStatusAnswer | null): void;
  close(): Promise<void>;
}

/** FlexPay leaves these out of the signature of a request to it; its postbacks sign all but the signature. */
const UNSIGNED_IN_REQUESTS = ['email', 'oneClickToken'];

function flexPaySignature(key: string, params: StubParams, unsigned: readonly string[] = []): string {
  const text = Object.entries(params)
    .filter(([name]) => name !== 'signature' && !unsigned.includes(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .reduce((joined, [name, value]) => `${joined}:${name}=${value}`, key);
  return createHash('sha256').update(text).digest('hex');
}

export async function startVerotelStub({
  shopId = '65147',
  signatureKey = 'stub-signature-key',
}: { shopId?: string; signatureKey?: string } = {}): Promise<VerotelStub> {
  const requests: URL[] = [];
  const orders = new Map<string, StubParams>();
  const sales = new Map<string, VerotelStubSale>();
  let nextId = 7_000_001;
  let statusFailure: VerotelStubStatusAnswer | null = null;

  const sign = (params: StubParams): StubParams => ({ ...params, signature: flexPaySignature(signatureKey, params) });

  function orderOf(referenceId: string): StubParams {
    const order = orders.get(referenceId);
    if (!order) throw new Error(`The stub saw no startorder for referenceID ${referenceId}`);
    return order;
  }

  function settle(referenceId: string, result: VerotelStubSale['result']): VerotelStubSale {
    const sale = { saleId: String(nextId++), order: orderOf(referenceId), result };
    sales.set(referenceId, sale);
    return sale;
  }

  function approvedSale(referenceId: string): VerotelStubSale {
    const sale = sales.get(referenceId);
    if (sale?.result !== 'APPROVED') throw new Error(`Sale ${referenceId} was not paid at the stub`);
    return sale;
  }

  function statusAnswer(query: StubParams): VerotelStubStatusAnswer {
    if (statusFailure) return statusFailure;
    const sale = query.saleID
      ? [...sales.values()].find((candidate) => candidate.saleId === query.saleID)
      : sales.get(query.referenceID ?? '');
    if (!sale) return { status: 200, body: 'response: NOTFOUND\n' };
    const lines = {
      response: 'FOUND',
      shopID: shopId,
      saleID: sale.saleId,
      referenceID: sale.order.referenceID ?? '',
      saleResult: sale.result,
      priceAmount: sale.order.priceAmount ?? '',
      priceCurrency: sale.order.priceCurrency ?? '',
      paymentMethod: sale.order.paymentMethod ?? 'CC',
      description: sale.order.description ?? sale.order.name ?? '',
    };
    return {
      status: 200,
      body: Object.entries(lines)
        .map(([name, value]) => `${name}: ${value}\n`)
        .join(''),
    };
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stub.invalid');
    requests.push(url);
    const query = Object.fromEntries(url.searchParams);
    const answer = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(body);
    };
    const signatureHolds =
      query.shopID === shopId && query.signature === flexPaySignature(signatureKey, query, UNSIGNED_IN_REQUESTS);
    if (url.pathname === '/startorder') {
      if (!signatureHolds) return answer(403, 'Invalid signature');
      orders.set(query.referenceID ?? '', query);
      return answer(200, 'Verotel order page (stub)');
    }
    if (url.pathname === '/salestatus') {
      if (!signatureHolds) return answer(403, 'Invalid signature');
      const { status, body } = statusAnswer(query);
      return answer(status, body);
    }
    answer(404, 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function saleFields(sale: VerotelStubSale): StubParams {
    const { order } = sale;
    return {
      shopID: shopId,
      saleID: sale.saleId,
      referenceID: order.referenceID ?? '',
      priceAmount: order.priceAmount ?? '',
      priceCurrency: order.priceCurrency ?? '',
      paymentMethod: order.paymentMethod ?? 'CC',
      type: order.type ?? 'purchase',
      ...(order.trialAmount ? { trialAmount: order.trialAmount } : {}),
    };
  }

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    shopId,
    signatureKey,
    requests,
    orders,
    sign,
    pay(referenceId) {
      const sale = settle(referenceId, 'APPROVED');
      const fields = saleFields(sale);
      const subscription: StubParams =
        fields.type === 'subscription' ? { event: 'initial', subscriptionType: 'recurring' } : {};
      return {
        sale,
        postback: sign({ ...fields, ...subscription, transactionID: String(nextId++) }),
        successRedirect: sign({
          shopID: shopId,
          saleID: sale.saleId,
          referenceID: fields.referenceID ?? '',
          priceAmount: fields.priceAmount ?? '',
          priceCurrency: fields.priceCurrency ?? '',
        }),
      };
    },
    decline: (referenceId) => settle(referenceId, 'DECLINED'),
    credit(referenceId, priceAmount) {
      const sale = approvedSale(referenceId);
      return sign({ ...saleFields(sale), event: 'credit', priceAmount, transactionID: String(nextId++) });
    },
    chargeback(referenceId) {
      const sale = approvedSale(referenceId);
      return sign({ ...saleFields(sale), event: 'chargeback', transactionID: String(nextId++) });
    },
    failStatus(answer) {
      statusFailure = answer;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
