import type { PaymentProviderId } from '@rendezvous/contract';
import type { PaymentsConfig } from '../../config.js';
import { createDevProvider, type DevProcessor } from './dev/dev-provider.js';
import { createMollieProvider } from './mollie/mollie-provider.js';
import type { PaymentProvider } from './payment-provider.js';
import { createVerotelProvider } from './verotel/verotel-provider.js';

/** How each real processor is built from its configuration; each adapter lives in its own folder. */
const FACTORIES = { verotel: createVerotelProvider, mollie: createMollieProvider };

export interface ProviderRegistry {
  get(id: PaymentProviderId): PaymentProvider | undefined;
  /** The providers this server can take payments through: routes naming others are passed over. */
  enabled: ReadonlySet<PaymentProviderId>;
  /** Those of them that premium can be sold through (PaymentProvider.sellsPremium). */
  premiumEnabled: ReadonlySet<PaymentProviderId>;
  /** The local test processor, when enabled (never in production). */
  dev: DevProcessor | undefined;
}

/**
 * The providers this server may use: the dev processor outside production, and each real one
 * only when its credentials are in the environment (config.ts), so a site's routing can never
 * send a member to a processor that would refuse the checkout.
 */
export function createProviderRegistry(config: PaymentsConfig, sessionSecret: string): ProviderRegistry {
  const dev = config.dev ? createDevProvider({ sessionSecret }) : undefined;
  const providers = new Map<PaymentProviderId, PaymentProvider>();
  if (dev) providers.set('dev', dev.provider);
  if (config.verotel) providers.set('verotel', FACTORIES.verotel(config.verotel));
  if (config.mollie) providers.set('mollie', FACTORIES.mollie(config.mollie));
  return {
    get: (id) => providers.get(id),
    enabled: new Set(providers.keys()),
    premiumEnabled: new Set([...providers.values()].filter((provider) => provider.sellsPremium).map(({ id }) => id)),
    dev,
  };
}
