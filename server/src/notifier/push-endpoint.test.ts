import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { isPublicAddress, pushServiceAddress, PushEndpointRefused } from './push-endpoint.js';

const PUBLIC: LookupAddress = { address: '142.250.179.170', family: 4 };

/** A resolver that answers `addresses` for every name and records what it was asked. */
function resolverOf(addresses: LookupAddress[]) {
  const asked: string[] = [];
  return { asked, resolveAll: async (hostname: string) => (asked.push(hostname), addresses) };
}

describe('push endpoint policy', () => {
  it.each([
    ['http, even at a push service', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['localhost', 'https://localhost/abc'],
    ['a cloud metadata name', 'https://metadata.google.internal/computeMetadata/v1/'],
    ['a cluster name', 'https://redis.default.svc.cluster.local/abc'],
    ['the metadata address', 'https://169.254.169.254/latest/meta-data/'],
    ['an IPv4 literal', 'https://127.0.0.1/abc'],
    ['an IPv6 literal', 'https://[::1]/abc'],
    ['a wildcard-DNS name', 'https://127.0.0.1.nip.io/abc'],
    ['an unknown host', 'https://push.example.test/abc'],
    ['a name that only starts like a push service', 'https://fcm.googleapis.com.example.test/abc'],
    ['another port', 'https://fcm.googleapis.com:8443/abc'],
    ['credentials', 'https://user:secret@fcm.googleapis.com/abc'],
  ])('refuses %s without asking DNS', async (_what, endpoint) => {
    const resolver = resolverOf([PUBLIC]);
    await expect(pushServiceAddress(resolver.resolveAll)(new URL(endpoint))).rejects.toBeInstanceOf(
      PushEndpointRefused,
    );
    expect(resolver.asked).toEqual([]);
  });

  it.each([
    ['loopback', [{ address: '127.0.0.1', family: 4 }]],
    ['a private network', [{ address: '10.1.2.3', family: 4 }]],
    ['link-local metadata', [{ address: '169.254.169.254', family: 4 }]],
    ['IPv6 loopback', [{ address: '::1', family: 6 }]],
    ['an IPv6 unique local address', [{ address: 'fd12:3456::1', family: 6 }]],
    ['IPv6 link-local', [{ address: 'fe80::1', family: 6 }]],
    ['an IPv4-mapped private address', [{ address: '::ffff:192.168.1.1', family: 6 }]],
    ['one private among public ones', [PUBLIC, { address: '172.20.0.5', family: 4 }]],
    ['nothing', []],
  ])('refuses a known push service whose name resolves to %s', async (_what, addresses: LookupAddress[]) => {
    const resolver = resolverOf(addresses);
    await expect(
      pushServiceAddress(resolver.resolveAll)(new URL('https://fcm.googleapis.com/fcm/send/abc')),
    ).rejects.toBeInstanceOf(PushEndpointRefused);
    expect(resolver.asked).toEqual(['fcm.googleapis.com']);
  });

  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://web.push.apple.com/abc',
    'https://wns2-par02p.notify.windows.com/w/?token=abc',
  ])('connects to the checked public address of %s', async (endpoint) => {
    const address = await pushServiceAddress(resolverOf([PUBLIC]).resolveAll)(new URL(endpoint));
    expect(address).toEqual(PUBLIC);
  });

  it('tells public addresses from the rest', () => {
    expect(isPublicAddress({ address: '2a00:1450:4001:80b::200a', family: 6 })).toBe(true);
    expect(isPublicAddress({ address: '100.64.0.1', family: 4 })).toBe(false);
    expect(isPublicAddress({ address: '0.0.0.0', family: 4 })).toBe(false);
    expect(isPublicAddress({ address: '::', family: 6 })).toBe(false);
  });
});
