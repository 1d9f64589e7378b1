import type { Config } from './config.js';

/**
 * What one JSON call may send. The largest is a profile with its notes, a few kilobytes; 1 MB let
 * anyone make the server buffer and parse a megabyte per call. The photo upload is multipart and
 * has its own limit (PROFILE_IMAGE_MAX_BYTES in features/profile-images).
 */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

/** A comment line this often keeps proxies and load balancers from closing an idle live events stream. */
export const HEARTBEAT_MS = 25_000;

/** Headers are small and come first: a client still sending them after this long is stalling. */
const HEADERS_TIMEOUT_MS = 10_000;

/**
 * Longer than the 60 s idle timeout of common load balancers, so they close idle connections
 * rather than we: a request they send as we close would fail with a 502.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * A connection silent both ways this long is given up. The live events stream writes a heartbeat
 * every HEARTBEAT_MS, so it stays well clear of this.
 */
const IDLE_SOCKET_TIMEOUT_MS = 4 * HEARTBEAT_MS;

/**
 * Fastify's server options that bound how long a client may hold a connection. Request and
 * header timeouts count from the first byte, so a body trickled a byte at a time is cut off
 * at REQUEST_TIMEOUT_MS however active the socket looks.
 */
export function httpLimits(config: Pick<Config, 'requestTimeoutMs'>) {
  const requestTimeout = config.requestTimeoutMs;
  const headersTimeout = Math.min(HEADERS_TIMEOUT_MS, requestTimeout);
  return {
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    requestTimeout,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeout: IDLE_SOCKET_TIMEOUT_MS,
    http: {
      requestTimeout,
      headersTimeout,
      // Node looks for expired requests only this often (30 s by default), which would stretch a short timeout.
      connectionsCheckingInterval: Math.ceil(headersTimeout / 4),
    },
  };
}
