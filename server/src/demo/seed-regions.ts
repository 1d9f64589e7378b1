import type { Db } from '../db/database.js';
import { regionSubdivisions } from '../platform/geo/regions.js';

/** Inserts the regions of every country not present yet; returns how many rows were added. */
export async function seedRegions(db: Db, countries: readonly string[]): Promise<number> {
  const wanted = [...new Set(countries)];
  if (wanted.length === 0) return 0;
  const present = await db.selectFrom('regions').select('country').distinct().where('country', 'in', wanted).execute();
  const done = new Set(present.map((row) => row.country));
  let inserted = 0;
  for (const country of wanted) {
    if (done.has(country)) continue;
    const rows = regionSubdivisions(country).map(({ code, name }) => ({ country, code, name }));
    if (rows.length === 0) throw new Error(`No regions known for country ${country}`);
    await db.insertInto('regions').values(rows).execute();
    inserted += rows.length;
  }
  return inserted;
}
