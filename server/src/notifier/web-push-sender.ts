import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import webPush, { type PushSubscription } from 'web-push';
import type { Db } from '../db/database.js';
import { pushServiceAddress, type PushAddressOf } from './push-endpoint.js';
import type { VapidKeys } from './vapid-keys.js';

/** What the push service worker (web/public/sw.js) shows; `tag` makes a newer push replace an older one. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** Sends pushes to a member's devices; our seam between the notifier and the push services. */
export interface PushSender {
  /**
   * To every device the member subscribed; subscriptions the push service calls gone (404, 410)
   * are deleted. `contact` is the site's support address, the VAPID subject unless one is configured.
   */
  send(memberId: number, message: PushMessage, contact: string): Promise<void>;
}

/** A push service that does not answer within this is skipped: the notification is stored anyway. */
export const PUSH_TIMEOUT_MS = 5_000;
/** A push not delivered within a day (device off) is dropped: by then the /notifications screen has it. */
export const PUSH_TTL_S = 24 * 60 * 60;

const GONE_STATUSES = new Set([404, 410]);

/**
 * Posts to `address`, the one the endpoint policy checked: the socket never asks DNS again, so a
 * name that now points elsewhere (DNS rebinding) cannot move the post. https verifies the
 * certificate against the endpoint's name as usual. Redirects are not followed: push services
 * answer, they do not redirect, and following one could lead anywhere. Resolves to the status.
 */
function post(
  endpoint: URL,
  address: LookupAddress,
  request: { method: string; headers: Record<string, string>; body: Buffer | null },
  timeoutMs: number,
): Promise<number> {
  const transport = endpoint.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = transport.request(
      endpoint,
      {
        method: request.method,
        headers: request.headers,
        signal: AbortSignal.timeout(timeoutMs),
        lookup: (_hostname, options, callback) =>
          options.all ? callback(null, [address]) : callback(null, address.address, address.family),
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body ?? undefined);
  });
}

/**
 * web-push encrypts and signs (`generateRequestDetails`); we send, rather than its
 * sendNotification, whose `timeout` is a socket idle time and which checks no addresses.
 * `addressOf` is for tests only (a local stub push service); production always uses
 * pushServiceAddress(), and no configuration reaches it.
 */
export function createWebPushSender(options: {
  db: Db;
  keys: VapidKeys;
  log: FastifyBaseLogger;
  timeoutMs?: number;
  addressOf?: PushAddressOf;
}): PushSender {
  const { db, keys, log } = options;
  const timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS;
  const addressOf = options.addressOf ?? pushServiceAddress();

  async function deliver(
    row: { id: number; endpoint: string; subscription: string },
    payload: string,
    subject: string,
  ) {
    const request = webPush.generateRequestDetails(JSON.parse(row.subscription) as PushSubscription, payload, {
      vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: PUSH_TTL_S,
    });
    // Checked at every send, not only when stored: rows from before the allow-list, and names whose
    // addresses changed since, are refused here.
    const endpoint = new URL(request.endpoint);
    const address = await addressOf(endpoint);
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    const status = await post(endpoint, address, { method: request.method, headers, body: request.body }, timeoutMs);
    if (GONE_STATUSES.has(status)) {
      await db.deleteFrom('push_subscriptions').where('id', '=', row.id).execute();
      return;
    }
    if (status < 200 || status > 299) log.warn({ status, subscription: row.id }, 'push service refused a push');
  }

  return {
    async send(memberId, message, contact) {
      const rows = await db
        .selectFrom('push_subscriptions')
        .select(['id', 'endpoint', 'subscription'])
        .where('member_id', '=', memberId)
        .execute();
      const subject = keys.subject ?? `mailto:${contact}`;
      const payload = JSON.stringify(message);
      const results = await Promise.allSettled(rows.map((row) => deliver(row, payload, subject)));
      for (const [index, result] of results.entries()) {
        if (result.status === 'rejected') {
          log.warn({ err: result.reason, subscription: rows[index]!.id }, 'push not delivered');
        }
      }
    },
  };
}
