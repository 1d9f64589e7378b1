import webPush from 'web-push';
import type { Db } from '../db/database.js';

/** The application server keys of web push (RFC 8292), base64url as web-push and browsers want them. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:` contact for push services; null: each site's support address is used. */
  subject: string | null;
}

export interface VapidEnv {
  publicKey: string | undefined;
  privateKey: string | undefined;
  subject: string | undefined;
}

const SECRET_NAME = 'vapid_keys';

/**
 * The keys from the environment when set; otherwise made once and kept in app_secrets so every
 * node signs with the same pair (a browser subscription is bound to one public key). Two nodes
 * starting together may both generate: the insert ignores a conflict and both read back the winner.
 */
export async function loadVapidKeys(db: Db, env: VapidEnv): Promise<VapidKeys> {
  const subject = env.subject ?? null;
  if (env.publicKey && env.privateKey) return { publicKey: env.publicKey, privateKey: env.privateKey, subject };
  const stored = await readStored(db);
  if (stored) return { ...stored, subject };
  const fresh = webPush.generateVAPIDKeys();
  await db
    .insertInto('app_secrets')
    .values({ name: SECRET_NAME, value: JSON.stringify(fresh), created_at: Date.now() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const winner = await readStored(db);
  if (!winner) throw new Error('VAPID keys were stored but cannot be read back');
  return { ...winner, subject };
}

async function readStored(db: Db): Promise<{ publicKey: string; privateKey: string } | null> {
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', SECRET_NAME).executeTakeFirst();
  if (!row) return null;
  const { publicKey, privateKey } = JSON.parse(row.value) as { publicKey: string; privateKey: string };
  return { publicKey, privateKey };
}
