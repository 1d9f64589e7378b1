import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProviderRequest } from '../../platform/payments/payment-provider.js';

const FORM = 'application/x-www-form-urlencoded';

/**
 * Within one plugin scope: JSON and form bodies are kept as the raw text they arrived as, since a
 * provider signs the bytes it sent (a webhook signature is over the raw body) and a parsed and
 * re-serialised body would no longer match.
 */
export function keepRawBodies(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(['application/json', FORM], { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
}

function parsedBody(contentType: string | undefined, raw: string): Record<string, unknown> {
  if (raw === '') return {};
  if (contentType?.startsWith(FORM)) return Object.fromEntries(new URLSearchParams(raw));
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    // A body we cannot read carries no signature the adapter could verify: it refuses it as forged.
    return {};
  }
}

/** An incoming request as a provider adapter reads it. */
export function providerRequestOf(request: FastifyRequest): ProviderRequest {
  const rawBody = typeof request.body === 'string' ? request.body : '';
  // As the provider sent it: the route's schema may have coerced what it reads (`?order=` to a number).
  const query = Object.fromEntries(new URL(request.url, 'http://provider.invalid').searchParams);
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]),
  );
  return {
    method: request.method,
    query,
    body: parsedBody(request.headers['content-type'], rawBody),
    rawBody,
    headers,
  };
}
