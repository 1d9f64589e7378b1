import type { ConsoleSite } from '@rendezvous/contract';
import type { Db } from '../../db/database.js';

/** Sites as the console names them: the name from each one's settings, and its domain. */
export async function listConsoleSites(db: Db, onlyIds?: readonly number[]): Promise<ConsoleSite[]> {
  if (onlyIds?.length === 0) return [];
  let query = db.selectFrom('sites').select(['id', 'domain', 'config']).orderBy('id');
  if (onlyIds) query = query.where('id', 'in', [...onlyIds]);
  const rows = await query.execute();
  return rows.map((row) => {
    const name = (JSON.parse(row.config) as { name?: unknown }).name;
    return { id: row.id, domain: row.domain, name: typeof name === 'string' ? name : row.domain };
  });
}
