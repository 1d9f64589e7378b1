import dns, { type LookupAddress } from 'node:dns';
import { BlockList } from 'node:net';
import { isPushEndpoint } from '@rendezvous/contract';

/** A push endpoint the server will not post to; the push is skipped, the notification stays stored. */
export class PushEndpointRefused extends Error {
  constructor(endpoint: URL, reason: string) {
    super(`push endpoint ${endpoint.host} refused: ${reason}`);
    this.name = 'PushEndpointRefused';
  }
}

/** Resolves a host name to every address it has, as `dns.lookup(name, { all: true })` does. */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

/** The address to connect to for an endpoint, or a PushEndpointRefused rejection. */
export type PushAddressOf = (endpoint: URL) => Promise<LookupAddress>;

// Loopback, private, link-local (cloud metadata), shared, multicast, reserved and documentation
// ranges (RFC 6890): nothing a public push service answers on. IPv4-mapped IPv6 addresses are
// checked against the IPv4 ranges by BlockList itself.
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

export function isPublicAddress({ address, family }: LookupAddress): boolean {
  return !NON_PUBLIC.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

const systemResolveAll: ResolveAll = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * Production's rule: only a known push service (contract PUSH_SERVICE_HOSTS, https; names only,
 * so never an address literal), and only when every address its name resolves to now is public. The sender
 * connects to the address returned here, so a name re-pointed after the check (DNS rebinding)
 * cannot move the post inside our network. `resolveAll` is replaced in tests only.
 */
export function pushServiceAddress(resolveAll: ResolveAll = systemResolveAll): PushAddressOf {
  return async (endpoint) => {
    if (!isPushEndpoint(endpoint.href)) throw new PushEndpointRefused(endpoint, 'not a known push service');
    const addresses = await resolveAll(endpoint.hostname);
    const usable = addresses[0];
    if (!usable || !addresses.every(isPublicAddress)) {
      throw new PushEndpointRefused(endpoint, 'resolves to a non-public address');
    }
    return usable;
  };
}
