import type { FastifyBaseLogger } from 'fastify';
import webPush, { type PushSubscription } from 'web-push';
import type { Db } from '../db/database.js';
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
 * web-push encrypts and signs (`generateRequestDetails`); fetch sends, rather than its
 * sendNotification, whose `timeout` is a socket idle time and which speaks https only.
 */
export function createWebPushSender(options: {
  db: Db;
  keys: VapidKeys;
  log: FastifyBaseLogger;
  timeoutMs?: number;
}): PushSender {
  const { db, keys, log } = options;
  const timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS;

  async function deliver(
    row: { id: number; endpoint: string; subscription: string },
    payload: string,
    subject: string,
  ) {
    const request = webPush.generateRequestDetails(JSON.parse(row.subscription) as PushSubscription, payload, {
      vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: PUSH_TTL_S,
    });
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers,
      body: request.body ? new Uint8Array(request.body) : null,
      signal: AbortSignal.timeout(timeoutMs),
      // Push services answer, they do not redirect; following one could lead anywhere.
      redirect: 'manual',
    });
    await response.body?.cancel();
    if (GONE_STATUSES.has(response.status)) {
      await db.deleteFrom('push_subscriptions').where('id', '=', row.id).execute();
      return;
    }
    if (!response.ok) log.warn({ status: response.status, subscription: row.id }, 'push service refused a push');
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
