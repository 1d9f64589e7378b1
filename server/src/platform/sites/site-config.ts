import { SiteConfigSchema, type SiteConfig } from '@rendezvous/contract';
import type { Db } from '../../db/database.js';

/** One site's settings by its id, as stored: for work done outside a request (mails, jobs). */
export async function siteConfigOf(db: Db, siteId: number): Promise<SiteConfig> {
  const row = await db.selectFrom('sites').select('config').where('id', '=', siteId).executeTakeFirstOrThrow();
  return SiteConfigSchema.parse(JSON.parse(row.config));
}
