import type { PersonaSheet } from '@rendezvous/contract';
import type { Db } from '../../db/database.js';

/** A persona's sheet as stored: written in the persona screens, read there and in the inbox. */
export interface StoredPersonaSheet {
  parts: PersonaSheet;
  updatedAt: number;
  /** Who last wrote it; null when no staff member did (demo data). */
  updatedBy: { id: number; name: string } | null;
}

/** The persona's sheet; undefined while it has none (only profiles made outside the console). */
export async function findPersonaSheet(db: Db, personaId: number): Promise<StoredPersonaSheet | undefined> {
  const row = await db
    .selectFrom('persona_sheets as sheet')
    .leftJoin('staff', 'staff.id', 'sheet.updated_by')
    .select([
      'sheet.character',
      'sheet.tone',
      'sheet.facts',
      'sheet.avoid',
      'sheet.updated_at',
      'staff.id as staff_id',
      'staff.name as staff_name',
    ])
    .where('sheet.member_id', '=', personaId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    parts: { character: row.character, tone: row.tone, facts: row.facts, avoid: row.avoid },
    updatedAt: row.updated_at,
    updatedBy: row.staff_id === null || row.staff_name === null ? null : { id: row.staff_id, name: row.staff_name },
  };
}
