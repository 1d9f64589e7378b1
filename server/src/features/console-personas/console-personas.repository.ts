import { randomBytes } from 'node:crypto';
import {
  DEFAULT_CLAIM_IDLE_SECONDS,
  type PersonaDetail,
  type PersonaListItem,
  type PersonaSheet,
  type PersonaState,
} from '@rendezvous/contract';
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import { seenChange } from '../../db/member-changes.js';
import type { MembersTable, MemberStatus } from '../../db/schema.js';
import { searchRank } from '../../db/search-rank.js';
import { ageOn } from '../../lib/age.js';
import { parsePersonal } from '../../lib/personal.js';
import { recordAudit, type AuditActor } from '../../platform/audit/audit-log.js';
import { findPersonaSheet } from '../../platform/personas/persona-sheet.js';
import type { AlongWithChange } from '../../platform/profile-images/profile-images.repository.js';

/**
 * Personas get an address nobody can use: `.invalid` is reserved (RFC 2606) and never resolves,
 * and the random part keeps addresses unique. The member login and mail paths skip fictional
 * members anyway (accounts.repository `findLoginAccount`, the sessions repository).
 */
export const PERSONA_EMAIL_DOMAIN = 'personas.invalid';

/** How each state is stored on the member row (migration 2026_11_26_000002). */
const STATE_COLUMNS: Record<PersonaState, { status: MemberStatus; listed: number }> = {
  active: { status: 'active', listed: 1 },
  hidden: { status: 'active', listed: 0 },
  retired: { status: 'retired', listed: 0 },
};

/** Any status but active is gone for members, so the console shows it as retired (demo data has deleted ones). */
export function personaState(row: { status: MemberStatus; listed: number }): PersonaState {
  if (row.status !== 'active') return 'retired';
  return row.listed === 1 ? 'active' : 'hidden';
}

const SHEET_PARTS = ['character', 'tone', 'facts', 'avoid'] as const satisfies readonly (keyof PersonaSheet)[];

export type PersonaColumns = Partial<
  Pick<MembersTable, 'name' | 'language' | 'gender' | 'date_of_birth' | 'country' | 'countryregion' | 'city'>
>;

export interface NewPersona {
  siteId: number;
  name: string;
  language: string;
  state: PersonaState;
  columns: PersonaColumns;
  personal: Record<string, string>;
  sheet: PersonaSheet;
}

export interface PersonaChange {
  columns: PersonaColumns;
  /** Answers and texts to set in `personal`, and names to remove from it. */
  personal: Record<string, string>;
  cleared: string[];
}

export interface StateChange {
  from: PersonaState;
  /** The persona's language: the inbox's events name it. */
  language: string;
  /** Conversations whose live claims were released because the persona retired. */
  released: number[];
}

export interface PersonaListFilters {
  siteId?: number;
  language?: string;
  state?: PersonaState;
  /** Part of the name, any case. */
  q?: string;
  page: number;
  pageSize: number;
}

/** `%` and `_` typed into the search box are letters, not wildcards. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
const iso = (ms: number) => new Date(ms).toISOString();

/** The console's personas: members with `fictional = 1`. Every change writes its audit row in its transaction. */
export function createConsolePersonasRepository(db: Db) {
  function matching(filters: PersonaListFilters) {
    let query = db.selectFrom('members').where('members.fictional', '=', 1);
    if (filters.siteId !== undefined) query = query.where('members.site_id', '=', filters.siteId);
    if (filters.language !== undefined) query = query.where('members.language', '=', filters.language);
    if (filters.state === 'retired') query = query.where('members.status', '!=', 'active');
    else if (filters.state) {
      const { status, listed } = STATE_COLUMNS[filters.state];
      query = query.where('members.status', '=', status).where('members.listed', '=', listed);
    }
    if (filters.q) {
      // lower() on both sides: PostgreSQL's like is case-sensitive (SQLite's lower() folds ASCII only).
      query = query.where(sql<SqlBool>`lower(members.name) like ${likePattern(filters.q)} escape '\\'`);
    }
    return query;
  }

  /**
   * The persona's row, locked until the transaction ends (on PostgreSQL; SQLite has one writer),
   * so two staff changing one persona at once take turns; undefined when the id is no persona.
   */
  function lockPersona(trx: Db, id: number) {
    return trx
      .updateTable('members')
      .set((eb) => ({ listed: eb.ref('listed') }))
      .where('id', '=', id)
      .where('fictional', '=', 1)
      .returning(['site_id', 'status', 'listed', 'personal', 'language'])
      .executeTakeFirst();
  }

  /**
   * Ends every claim on the persona's conversations: nobody answers as a retired persona. A live
   * claim gets the inbox's own release row, naming its holder, so each conversation's history
   * and each operator's show it (decision 011); a lapsed one was nobody's and is just removed.
   */
  async function releaseClaims(trx: Db, actor: AuditActor, persona: { id: number; siteId: number }) {
    const now = Date.now();
    const settings = await trx
      .selectFrom('console_site_settings')
      .select('claim_idle_seconds')
      .where('site_id', '=', persona.siteId)
      .executeTakeFirst();
    const idleMs = (settings?.claim_idle_seconds ?? DEFAULT_CLAIM_IDLE_SECONDS) * 1000;
    const removed = await trx
      .deleteFrom('conversation_claims')
      .where('conversation_id', 'in', (eb) =>
        eb.selectFrom('conversation_members').select('conversation_id').where('member_id', '=', persona.id),
      )
      .returning(['conversation_id', 'staff_id', 'active_at'])
      .execute();
    const live = removed.filter((claim) => Number(claim.active_at) > now - idleMs);
    for (const claim of live) {
      await recordAudit(trx, actor, {
        action: 'inbox.release',
        target: { type: 'conversation', id: claim.conversation_id },
        siteId: persona.siteId,
        detail: { holder: claim.staff_id, persona: persona.id, reason: 'persona_retired' },
      });
    }
    return live.map((claim) => claim.conversation_id);
  }

  return {
    async list(
      filters: PersonaListFilters,
      today = new Date(),
    ): Promise<{ personas: PersonaListItem[]; total: number }> {
      const [rows, count] = await Promise.all([
        matching(filters)
          .leftJoin('member_images', (join) =>
            join
              .onRef('member_images.id', '=', 'members.main_image_id')
              // A photo of someone else never stands for this persona.
              .onRef('member_images.member_id', '=', 'members.id'),
          )
          .leftJoin('persona_sheets', 'persona_sheets.member_id', 'members.id')
          .select([
            'members.id',
            'members.site_id',
            'members.name',
            'members.date_of_birth',
            'members.gender',
            'members.city',
            'members.country',
            'members.language',
            'members.status',
            'members.listed',
            'members.signup_at',
            'member_images.thumb_filename',
            'persona_sheets.character',
            'persona_sheets.tone',
            'persona_sheets.facts',
            'persona_sheets.avoid',
          ])
          .orderBy('members.name')
          .orderBy('members.id')
          .limit(filters.pageSize)
          .offset((filters.page - 1) * filters.pageSize)
          .execute(),
        matching(filters)
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        total: Number(count.count),
        personas: rows.map((row) => ({
          id: row.id,
          site_id: row.site_id,
          name: row.name,
          age: row.date_of_birth ? ageOn(row.date_of_birth, today) : null,
          gender: row.gender,
          city: row.city,
          country: row.country,
          language: row.language,
          state: personaState(row),
          main_image: row.thumb_filename ? { thumb_filename: row.thumb_filename } : null,
          has_sheet: SHEET_PARTS.some((part) => (row[part] ?? '') !== ''),
          created_at: iso(row.signup_at),
        })),
      };
    },

    /** One persona as the console edits it; undefined when the id is no persona. */
    async find(id: number, today = new Date()): Promise<PersonaDetail | undefined> {
      const persona = await db
        .selectFrom('members')
        .select([
          'members.id',
          'members.site_id',
          'members.status',
          'members.listed',
          'members.name',
          'members.language',
          'members.gender',
          'members.date_of_birth',
          'members.country',
          'members.countryregion',
          'members.city',
          'members.personal',
          'members.main_image_id',
          'members.signup_at',
        ])
        .where('members.id', '=', id)
        .where('members.fictional', '=', 1)
        .executeTakeFirst();
      if (!persona) return undefined;
      const [sheet, images] = await Promise.all([
        findPersonaSheet(db, id),
        db
          .selectFrom('member_images')
          .select(['id', 'filename', 'thumb_filename'])
          .where('member_id', '=', id)
          .orderBy('position')
          .execute(),
      ]);
      return {
        id: persona.id,
        site_id: persona.site_id,
        state: personaState(persona),
        name: persona.name,
        language: persona.language,
        gender: persona.gender,
        date_of_birth: persona.date_of_birth,
        age: persona.date_of_birth ? ageOn(persona.date_of_birth, today) : null,
        country: persona.country,
        countryregion: persona.countryregion,
        city: persona.city,
        personal: parsePersonal(persona.personal),
        main_image: images.find((image) => image.id === persona.main_image_id) ?? images[0] ?? null,
        images,
        sheet: sheet
          ? { ...sheet.parts, updated_at: iso(sheet.updatedAt), updated_by: sheet.updatedBy }
          : { character: '', tone: '', facts: '', avoid: '', updated_at: null, updated_by: null },
        created_at: iso(persona.signup_at),
      };
    },

    /** A region, to check it lies in the persona's country (platform/members/profile-input.ts). */
    region(regionId: number): Promise<{ id: number; country: string } | undefined> {
      return db.selectFrom('regions').select(['id', 'country']).where('id', '=', regionId).executeTakeFirst();
    },

    /** The new persona's id: its member row, its sheet and the audit row, in one transaction. */
    create(persona: NewPersona, actor: AuditActor): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const now = Date.now();
        const email = `persona-${randomBytes(12).toString('hex')}@${PERSONA_EMAIL_DOMAIN}`;
        const { id } = await trx
          .insertInto('members')
          .values({
            site_id: persona.siteId,
            email,
            email_normalized: email,
            name: persona.name,
            // No password: nothing to log in with even if a login path ever forgot the fictional flag.
            password_hash: null,
            fictional: 1,
            ...STATE_COLUMNS[persona.state],
            language: persona.language,
            ...persona.columns,
            personal: JSON.stringify(persona.personal),
            signup_at: now,
            activated_at: now,
            // New, so at the top of its day in search until it has photos (db/search-rank.ts).
            last_active_at: now,
            search_rank: searchRank(false, now),
            ...seenChange(now),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('persona_sheets')
          .values({ member_id: id, ...persona.sheet, updated_at: now, updated_by: actor.staffId })
          .execute();
        await recordAudit(trx, actor, {
          action: 'persona.create',
          target: { type: 'persona', id },
          siteId: persona.siteId,
          detail: { name: persona.name, state: persona.state },
        });
        return id;
      });
    },

    /** Changes the fields given; the answers in `personal` not named stay. False when the id is no persona. */
    update(id: number, change: PersonaChange, actor: AuditActor, fields: readonly string[]): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        // Locked first, so two editors' `personal` answers never overwrite each other.
        const current = await lockPersona(trx, id);
        if (!current) return false;
        const personal = { ...parsePersonal(current.personal), ...change.personal };
        for (const name of change.cleared) delete personal[name];
        await trx
          .updateTable('members')
          .set({ ...change.columns, personal: JSON.stringify(personal), ...seenChange() })
          .where('id', '=', id)
          .execute();
        await recordAudit(trx, actor, {
          action: 'persona.update',
          target: { type: 'persona', id },
          siteId: current.site_id,
          detail: { fields },
        });
        return true;
      });
    },

    /** Replaces the sheet; the audit row names the parts that changed. False when the id is no persona. */
    saveSheet(id: number, sheet: PersonaSheet, actor: AuditActor): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const persona = await lockPersona(trx, id);
        if (!persona) return false;
        const before = await trx
          .selectFrom('persona_sheets')
          .select(SHEET_PARTS)
          .where('member_id', '=', id)
          .executeTakeFirst();
        const values = { ...sheet, updated_at: Date.now(), updated_by: actor.staffId };
        await trx
          .insertInto('persona_sheets')
          .values({ member_id: id, ...values })
          .onConflict((conflict) => conflict.column('member_id').doUpdateSet(values))
          .execute();
        await recordAudit(trx, actor, {
          action: 'persona.sheet',
          target: { type: 'persona', id },
          siteId: persona.site_id,
          detail: { parts: SHEET_PARTS.filter((part) => (before?.[part] ?? '') !== sheet[part]) },
        });
        return true;
      });
    },

    /**
     * The audit row of a photo change, for the photo pipeline (platform/profile-images) to write
     * in the change's own transaction.
     */
    photoAudit(
      actor: AuditActor,
      action: 'persona.image.add' | 'persona.image.main' | 'persona.image.order' | 'persona.image.remove',
      persona: { id: number; siteId: number },
      detail?: { image_id: number } | { ids: readonly number[] },
    ): AlongWithChange {
      return (trx) =>
        recordAudit(trx, actor, {
          action,
          target: { type: 'persona', id: persona.id },
          siteId: persona.siteId,
          ...(detail === undefined ? {} : { detail }),
        });
    },

    /**
     * Moves the persona to `state`. Returns the state it was in (nothing is written, audit row
     * included, when it already was there) and the conversations whose claims retiring it
     * released, or undefined when the id is no persona.
     */
    setState(id: number, state: PersonaState, actor: AuditActor): Promise<StateChange | undefined> {
      return db.transaction().execute(async (trx) => {
        const persona = await lockPersona(trx, id);
        if (!persona) return undefined;
        const from = personaState(persona);
        if (from === state) return { from, language: persona.language, released: [] };
        // A change others see: every node's search drops or shows the persona within its change poll.
        await trx
          .updateTable('members')
          .set({ ...STATE_COLUMNS[state], ...seenChange() })
          .where('id', '=', id)
          .execute();
        await recordAudit(trx, actor, {
          action: 'persona.state',
          target: { type: 'persona', id },
          siteId: persona.site_id,
          detail: { from, to: state },
        });
        const released = state === 'retired' ? await releaseClaims(trx, actor, { id, siteId: persona.site_id }) : [];
        return { from, language: persona.language, released };
      });
    },
  };
}

export type ConsolePersonasRepository = ReturnType<typeof createConsolePersonasRepository>;
