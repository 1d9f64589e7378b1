import type { PaymentProvider } from '../payment-provider.js';

export interface MollieOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
}

/** Placeholder until the Mollie adapter lands; the registry only needs its signature. */
export function createMollieProvider({ baseUrl, apiKey }: MollieOptions): PaymentProvider {
  void [baseUrl, apiKey];
  throw new Error('The Mollie provider is not built yet');
}
