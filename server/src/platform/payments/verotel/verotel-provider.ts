import type { PaymentProvider } from '../payment-provider.js';

export interface VerotelOptions {
  baseUrl: string;
  shopId: string;
  signatureKey: string;
  fetch?: typeof fetch;
}

/** Placeholder until the Verotel FlexPay adapter lands; the registry only needs its signature. */
export function createVerotelProvider({ baseUrl, shopId, signatureKey }: VerotelOptions): PaymentProvider {
  void [baseUrl, shopId, signatureKey];
  throw new Error('The Verotel provider is not built yet');
}
