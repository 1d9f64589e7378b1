import {
  CONSOLE_MESSAGES_PAGE_SIZE,
  DEFAULT_ANSWER_TARGET_SECONDS,
  DEFAULT_CLAIM_IDLE_SECONDS,
  QUEUE_MAX_ITEMS,
  roleAllows,
  SiteConfigSchema,
  STAFF_ONLINE_WINDOW_MS,
  type ClaimInfo,
  type ConsoleMessage,
  type ConsolePerson,
  type ConsolePersona,
  type ConsoleSiteSettings,
  type ConsoleSiteSettingsRequest,
  type ConversationView,
  type Draft,
  type MemberPanel,
  type OwnClaim,
  type QueueItem,
  type SiteCounters,
  type Snippet,
  type SnippetCreateRequest,
  type SnippetLevel,
  type SnippetScope,
  type SnippetUpdateRequest,
  type StaffNote,
  type StatsResponse,
  type StaffRole,
} from '@rendezvous/contract';
import { sql, type Expression, type SqlBool, type Transaction } from 'kysely';
import { isBlockedEitherWay } from '../../db/blocks.js';
import type { Db } from '../../db/database.js';
import { GONE_STATUSES, isGone, type Database, type MembersTable, type StaffRow } from '../../db/schema.js';
import { touchActivity } from '../../db/search-rank.js';
import { ageOn } from '../../lib/age.js';
import { parsePersonal } from '../../lib/personal.js';
import { storeMessage, type StoredMessage } from '../../messaging/messages.js';
import { staffNotesOf } from '../../platform/staff/staff-notes.js';
import { recordAudit, type AuditActor } from '../../platform/audit/audit-log.js';
import { findPersonaSheet } from '../../platform/personas/persona-sheet.js';
import { capacityReached, claimedByOther, claimRequired } from './inbox-errors.js';
import { isPaidUser } from '../../platform/payments/premium-terms.js';
import type { InboxScope } from './inbox-scope.js';

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/** The staff member behind a console call, with their scope. */
export interface InboxStaff {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  capacity: number;
  scope: InboxScope;
}

/** A persona conversation the caller may work in. */
export interface InboxConversation {
  id: number;
  siteId: number;
  createdAt: number;
  personaId: number;
  memberId: number;
  /** The persona's language. */
  language: string;
}

/** The columns `conversationOf` reads, from `conversations()` or the queue (`c`, persona `p`, member `m`). */
const CONVERSATION_COLUMNS = [
  'c.id',
  'c.site_id',
  'c.created_at',
  'p.id as persona_id',
  'm.id as member_id',
  'p.language',
] as const;

function conversationOf(row: {
  id: number;
  site_id: number;
  created_at: number;
  persona_id: number;
  member_id: number;
  language: string;
}): InboxConversation {
  return {
    id: row.id,
    siteId: row.site_id,
    createdAt: row.created_at,
    personaId: row.persona_id,
    memberId: row.member_id,
    language: row.language,
  };
}

/** A condition on a site and a language column: within the scope. Empty assignments see nothing. */
function inScope(scope: InboxScope, siteColumn: string, languageColumn: string): Expression<SqlBool> {
  if (scope.all) return sql<SqlBool>`1 = 1`;
  if (scope.sites.length === 0 || scope.languages.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${sql.ref(siteColumn)} in (${sql.join(scope.sites)}) and ${sql.ref(languageColumn)} in (${sql.join(scope.languages)})`;
}

/** `now` as a bigint: PostgreSQL would otherwise take the parameter for an integer next to one. */
const bigint = (ms: number) => sql<number>`cast(${ms} as bigint)`;
/** The site's claim idle time in ms, from `st` (console_site_settings, left-joined). */
const idleMs = sql<number>`coalesce(st.claim_idle_seconds, ${DEFAULT_CLAIM_IDLE_SECONDS}) * 1000`;
/** The claim `cl` is held: its holder acted within the site's idle time. */
const liveClaim = (now: number) => sql<SqlBool>`cl.active_at > ${bigint(now)} - ${idleMs}`;
/** Waiting since `column` longer than the site's target, from `st`. */
const pastTarget = (column: string, now: number) =>
  sql<SqlBool>`${sql.ref(column)} < ${bigint(now)} - coalesce(st.answer_target_seconds, ${DEFAULT_ANSWER_TARGET_SECONDS}) * 1000`;

interface PersonRow {
  id: number;
  name: string;
  date_of_birth: string | null;
  city: string | null;
  thumb_filename: string | null;
}

function personOf(row: PersonRow, today: Date): ConsolePerson {
  return {
    id: row.id,
    name: row.name,
    age: row.date_of_birth ? ageOn(row.date_of_birth, today) : null,
    city: row.city,
    main_image: row.thumb_filename === null ? null : { thumb_filename: row.thumb_filename },
  };
}

/** The columns `profileOf` reads: the member `who`, its main `image` and its region `r`, left-joined. */
const PROFILE_COLUMNS = [
  'who.id',
  'who.name',
  'who.date_of_birth',
  'who.city',
  'who.gender',
  'who.country',
  'r.name as region',
  'who.language',
  'image.thumb_filename',
] as const;

/** A side of the conversation with what both panels show beyond the queue's `personOf`. */
function profileOf(
  row: PersonRow & Pick<MembersTable, 'gender' | 'country' | 'language'> & { region: string | null },
  today: Date,
) {
  return {
    ...personOf(row, today),
    gender: row.gender,
    country: row.country,
    region: row.region,
    language: row.language,
  };
}

/** The conversation's two sides, selected side by side as `persona_*` and `member_*` columns. */
interface PairRow {
  persona_id: number;
  persona_name: string;
  persona_dob: string | null;
  persona_city: string | null;
  persona_thumb: string | null;
  member_id: number;
  member_name: string;
  member_dob: string | null;
  member_city: string | null;
  member_thumb: string | null;
}

/** The columns `pairOf` reads: persona `p` and member `m`, with their main images `pi` and `mi` left-joined. */
const PAIR_COLUMNS = [
  'p.id as persona_id',
  'p.name as persona_name',
  'p.date_of_birth as persona_dob',
  'p.city as persona_city',
  'pi.thumb_filename as persona_thumb',
  'm.id as member_id',
  'm.name as member_name',
  'm.date_of_birth as member_dob',
  'm.city as member_city',
  'mi.thumb_filename as member_thumb',
] as const;

function pairOf(row: PairRow, today: Date): { persona: ConsolePerson; member: ConsolePerson } {
  return {
    persona: personOf(
      {
        id: row.persona_id,
        name: row.persona_name,
        date_of_birth: row.persona_dob,
        city: row.persona_city,
        thumb_filename: row.persona_thumb,
      },
      today,
    ),
    member: personOf(
      {
        id: row.member_id,
        name: row.member_name,
        date_of_birth: row.member_dob,
        city: row.member_city,
        thumb_filename: row.member_thumb,
      },
      today,
    ),
  };
}

interface ClaimRow {
  holder_id: number | null;
  holder_name: string | null;
  claimed_at: number | null;
  active_at: number | null;
  idle_seconds: number | null;
}

/** The columns `claimOf` reads: the claim `cl`, its `holder` and site settings `st`, left-joined. */
const CLAIM_COLUMNS = [
  'holder.id as holder_id',
  'holder.name as holder_name',
  'cl.claimed_at',
  'cl.active_at',
  'st.claim_idle_seconds as idle_seconds',
] as const;

function claimOf(row: ClaimRow): ClaimInfo | null {
  if (row.holder_id === null || row.claimed_at === null || row.active_at === null) return null;
  const idle = (row.idle_seconds ?? DEFAULT_CLAIM_IDLE_SECONDS) * 1000;
  return {
    staff: { id: row.holder_id, name: row.holder_name ?? '' },
    claimed_at: iso(row.claimed_at),
    active_at: iso(row.active_at),
    expires_at: iso(row.active_at + idle),
  };
}

/** Sites named as the console shows them; the name lives in the site's settings JSON. */
function siteNameOf(config: string): string {
  return SiteConfigSchema.shape.name.parse(JSON.parse(config).name);
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function createConsoleInboxRepository(db: Db) {
  /** Persona conversations with their persona (`p`) and member (`m`) sides, and site settings (`st`). */
  function conversations(executor: Db = db) {
    return executor
      .selectFrom('conversations as c')
      .innerJoin('conversation_members as side', 'side.conversation_id', 'c.id')
      .innerJoin('members as p', 'p.id', 'side.member_id')
      .innerJoin('members as m', 'm.id', 'side.other_id')
      .leftJoin('console_site_settings as st', 'st.site_id', 'c.site_id')
      .where('p.fictional', '=', 1)
      .where('m.fictional', '=', 0);
  }

  /** Live claims with their holder and site settings, for claims of `conversationIds` or all. */
  function liveClaims(executor: Db, now: number) {
    return executor
      .selectFrom('conversation_claims as cl')
      .innerJoin('conversations as c', 'c.id', 'cl.conversation_id')
      .innerJoin('staff as holder', 'holder.id', 'cl.staff_id')
      .leftJoin('console_site_settings as st', 'st.site_id', 'c.site_id')
      .where(liveClaim(now));
  }

  async function claimIn(executor: Db, conversationId: number, now: number): Promise<ClaimInfo | null> {
    const row = await liveClaims(executor, now)
      .select(CLAIM_COLUMNS)
      .where('cl.conversation_id', '=', conversationId)
      .executeTakeFirst();
    return row ? claimOf(row) : null;
  }

  /** The staff member's open claims now; their number is what capacity limits. */
  async function openClaimCount(executor: Db, staffId: number, now: number): Promise<number> {
    const row = await liveClaims(executor, now)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('cl.staff_id', '=', staffId)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /**
   * Claims the conversation for `staffId` unless someone else holds a live claim: one statement,
   * so of two operators claiming at once exactly one row wins (the primary key), and the other's
   * conditional update finds a live claim that is not theirs and changes nothing.
   */
  async function upsertClaim(
    trx: Transaction<Database>,
    conversation: InboxConversation,
    staffId: number,
    now: number,
    force: boolean,
  ): Promise<boolean> {
    const settings = await siteSettingsIn(trx, conversation.siteId);
    const row = await trx
      .insertInto('conversation_claims')
      .values({ conversation_id: conversation.id, staff_id: staffId, claimed_at: now, active_at: now })
      .onConflict((oc) => {
        const update = oc.column('conversation_id').doUpdateSet({
          staff_id: staffId,
          // One's own claim claimed again is refreshed, not started over.
          claimed_at: sql<number>`case when conversation_claims.staff_id = ${staffId} then conversation_claims.claimed_at else ${bigint(now)} end`,
          active_at: now,
        });
        return force
          ? update
          : update.where((eb) =>
              eb.or([
                eb('conversation_claims.staff_id', '=', staffId),
                eb('conversation_claims.active_at', '<=', now - settings.claim_idle_seconds * 1000),
              ]),
            );
      })
      .returning('staff_id')
      .executeTakeFirst();
    return row?.staff_id === staffId;
  }

  /** Whose claim it was before a change: for the audit row. */
  async function holderBefore(executor: Db, conversationId: number, now: number): Promise<number | null> {
    const row = await liveClaims(executor, now)
      .select('cl.staff_id')
      .where('cl.conversation_id', '=', conversationId)
      .executeTakeFirst();
    return row?.staff_id ?? null;
  }

  /**
   * Serializes one staff member's claims on PostgreSQL (the row lock lasts until commit; SQLite
   * runs one transaction at a time anyway), so two quick "take next" presses cannot both pass
   * the capacity check. Seen now, too: they are at work.
   */
  async function lockStaff(trx: Db, staffId: number, now: number) {
    await trx.updateTable('staff').set({ last_seen_at: now }).where('id', '=', staffId).execute();
  }

  async function siteSettingsIn(executor: Db, siteId: number) {
    const row = await executor
      .selectFrom('console_site_settings')
      .selectAll()
      .where('site_id', '=', siteId)
      .executeTakeFirst();
    return {
      answer_target_seconds: row?.answer_target_seconds ?? DEFAULT_ANSWER_TARGET_SECONDS,
      claim_idle_seconds: row?.claim_idle_seconds ?? DEFAULT_CLAIM_IDLE_SECONDS,
      updated_at: row?.updated_at ?? null,
    };
  }

  /** Waiting conversations: the member's unanswered messages to a persona, per conversation. */
  function waiting(executor: Db) {
    return executor
      .selectFrom('messages')
      .select((eb) => [
        'conversation_id',
        eb.fn.min('created_at').as('waiting_since'),
        eb.fn.countAll<number>().as('waiting_messages'),
        eb.fn.max('id').as('last_id'),
      ])
      .where('awaiting_operator', '=', 1)
      .groupBy('conversation_id');
  }

  /**
   * The waiting conversations in scope that anyone could answer: the member is reachable and not
   * blocked, and the persona not retired (its conversations wait, unseen, until it is back: decision 012).
   */
  function queueRows(executor: Db, scope: InboxScope, now: number) {
    return executor
      .with('w', () => waiting(executor))
      .selectFrom('w')
      .innerJoin('conversations as c', 'c.id', 'w.conversation_id')
      .innerJoin('messages as last', 'last.id', 'w.last_id')
      .innerJoin('conversation_members as side', (join) =>
        join.onRef('side.conversation_id', '=', 'c.id').onRef('side.member_id', '=', 'last.sender_id'),
      )
      .innerJoin('members as m', 'm.id', 'side.member_id')
      .innerJoin('members as p', 'p.id', 'side.other_id')
      .leftJoin('console_site_settings as st', 'st.site_id', 'c.site_id')
      .leftJoin('conversation_claims as cl', (join) => join.onRef('cl.conversation_id', '=', 'c.id').on(liveClaim(now)))
      .where('p.fictional', '=', 1)
      .where('m.status', 'not in', [...GONE_STATUSES])
      .where('p.status', 'not in', [...GONE_STATUSES])
      .where(
        sql<SqlBool>`not exists (select 1 from blocks b where (b.member_id = m.id and b.blocked_id = p.id) or (b.member_id = p.id and b.blocked_id = m.id))`,
      )
      .where(inScope(scope, 'c.site_id', 'p.language'));
  }

  async function sitesIn(scope: InboxScope) {
    let query = db.selectFrom('sites').select(['id', 'domain', 'config']).orderBy('id');
    if (!scope.all) query = query.where('id', 'in', scope.sites.length > 0 ? scope.sites : [0]);
    const rows = await query.execute();
    return rows.map((row) => ({ id: row.id, domain: row.domain, name: siteNameOf(row.config) }));
  }

  async function countersFor(scope: InboxScope, now: number): Promise<SiteCounters[]> {
    const [sites, settings, counts] = await Promise.all([
      sitesIn(scope),
      db.selectFrom('console_site_settings').selectAll().execute(),
      queueRows(db, scope, now)
        .select((eb) => [
          'c.site_id',
          eb.fn.countAll<number>().as('waiting'),
          sql<number>`sum(case when cl.staff_id is null then 0 else 1 end)`.as('claimed'),
          sql<number>`sum(case when ${pastTarget('w.waiting_since', now)} then 1 else 0 end)`.as('past_target'),
          eb.fn.min('w.waiting_since').as('oldest'),
        ])
        .groupBy('c.site_id')
        .execute(),
    ]);
    const settingsBySite = new Map(settings.map((row) => [row.site_id, row]));
    const countsBySite = new Map(counts.map((row) => [row.site_id, row]));
    return sites.map((site) => {
      const count = countsBySite.get(site.id);
      const saved = settingsBySite.get(site.id);
      return {
        site_id: site.id,
        name: site.name,
        domain: site.domain,
        waiting: Number(count?.waiting ?? 0),
        claimed: Number(count?.claimed ?? 0),
        past_target: Number(count?.past_target ?? 0),
        oldest_waiting_since: count?.oldest == null ? null : iso(Number(count.oldest)),
        answer_target_seconds: saved?.answer_target_seconds ?? DEFAULT_ANSWER_TARGET_SECONDS,
        claim_idle_seconds: saved?.claim_idle_seconds ?? DEFAULT_CLAIM_IDLE_SECONDS,
      };
    });
  }

  /** The claims of `staffId` (or everyone's), with who they are about. */
  async function claimsWith(now: number, staffId?: number): Promise<OwnClaim[]> {
    let query = liveClaims(db, now)
      .innerJoin('conversation_members as side', 'side.conversation_id', 'c.id')
      .innerJoin('members as p', 'p.id', 'side.member_id')
      .innerJoin('members as m', 'm.id', 'side.other_id')
      .leftJoin('member_images as pi', 'pi.id', 'p.main_image_id')
      .leftJoin('member_images as mi', 'mi.id', 'm.main_image_id')
      .where('p.fictional', '=', 1)
      .select((eb) => [
        'c.id as conversation_id',
        'c.site_id',
        ...CLAIM_COLUMNS,
        ...PAIR_COLUMNS,
        eb
          .selectFrom('messages')
          .select((sub) => sub.fn.min('created_at').as('since'))
          .whereRef('messages.conversation_id', '=', 'c.id')
          .where('messages.awaiting_operator', '=', 1)
          .as('waiting_since'),
      ])
      .orderBy('cl.claimed_at');
    if (staffId !== undefined) query = query.where('cl.staff_id', '=', staffId);
    const rows = await query.execute();
    const today = new Date(now);
    return rows.map((row) => ({
      conversation: row.conversation_id,
      site_id: row.site_id,
      ...pairOf(row, today),
      claim: claimOf(row)!,
      waiting_since: row.waiting_since == null ? null : iso(Number(row.waiting_since)),
    }));
  }

  async function messagesPage(conversation: InboxConversation, before?: number) {
    let query = db
      .selectFrom('messages as msg')
      .leftJoin('staff as writer', 'writer.id', 'msg.written_by_staff_id')
      .select([
        'msg.id',
        'msg.sender_id',
        'msg.body',
        'msg.created_at',
        'msg.awaiting_operator',
        'writer.id as writer_id',
        'writer.name as writer_name',
      ])
      .where('msg.conversation_id', '=', conversation.id)
      .orderBy('msg.id', 'desc')
      .limit(CONSOLE_MESSAGES_PAGE_SIZE + 1);
    if (before !== undefined) query = query.where('msg.id', '<', before);
    const rows = await query.execute();
    const page = rows.slice(0, CONSOLE_MESSAGES_PAGE_SIZE).reverse();
    const messages = page.map((row): ConsoleMessage => ({
      id: row.id,
      from: row.sender_id === conversation.personaId ? 'persona' : 'member',
      body: row.body,
      created_at: iso(row.created_at),
      written_by: row.writer_id === null ? null : { id: row.writer_id, name: row.writer_name ?? '' },
      awaiting: row.awaiting_operator === 1,
    }));
    return { messages, older: rows.length > CONSOLE_MESSAGES_PAGE_SIZE ? (page[0]?.id ?? null) : null };
  }

  const notesOf = (memberId: number) => staffNotesOf(db, memberId);

  /** The member's blocks of others (`by_member`) or others' blocks of the member (`of_member`), newest first. */
  async function blocksOn(memberId: number, side: 'by_member' | 'of_member') {
    const [own, other] =
      side === 'by_member' ? (['b.member_id', 'b.blocked_id'] as const) : (['b.blocked_id', 'b.member_id'] as const);
    const rows = await db
      .selectFrom('blocks as b')
      .innerJoin('members as other', 'other.id', other)
      .select(['other.id', 'other.name', 'other.fictional', 'b.created_at'])
      .where(own, '=', memberId)
      .orderBy('b.created_at', 'desc')
      .execute();
    return rows.map((row) => ({
      other: { id: row.id, name: row.name, fictional: row.fictional === 1 },
      created_at: iso(row.created_at),
    }));
  }

  /**
   * One side of the conversation as the workspace shows it (`who`), with its main image and region:
   * what `profileOf` reads. The member's panel and the persona's add columns of their own.
   */
  function profileRow(memberId: number) {
    return db
      .selectFrom('members as who')
      .leftJoin('member_images as image', 'image.id', 'who.main_image_id')
      .leftJoin('regions as r', 'r.id', 'who.countryregion')
      .select(PROFILE_COLUMNS)
      .where('who.id', '=', memberId);
  }

  async function memberPanel(conversation: InboxConversation, today: Date): Promise<MemberPanel> {
    const memberId = conversation.memberId;
    const [member, spent, others, blocksBy, blocksOf, reports, notes] = await Promise.all([
      profileRow(memberId)
        .select([
          'who.status',
          'who.signup_at',
          'who.last_active_at',
          'who.credits',
          'who.paid_user',
          'who.premium_until',
        ])
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('credit_ledger')
        .select((eb) => eb.fn.sum<number>('delta').as('spent'))
        .where('member_id', '=', memberId)
        .where('delta', '<', 0)
        .executeTakeFirst(),
      db
        .selectFrom('conversation_members as mine')
        .innerJoin('conversations as c', 'c.id', 'mine.conversation_id')
        .innerJoin('members as p', 'p.id', 'mine.other_id')
        .select((eb) => [
          'c.id',
          'c.last_message_at',
          'p.id as persona_id',
          'p.name as persona_name',
          eb
            .exists(
              eb
                .selectFrom('messages')
                .select('messages.id')
                .whereRef('messages.conversation_id', '=', 'c.id')
                .where('messages.awaiting_operator', '=', 1),
            )
            .as('waiting'),
        ])
        .where('mine.member_id', '=', memberId)
        .where('p.fictional', '=', 1)
        .where('c.site_id', '=', conversation.siteId)
        .where('c.id', '!=', conversation.id)
        .orderBy('c.last_message_at', 'desc')
        .orderBy('c.id', 'desc')
        .execute(),
      blocksOn(memberId, 'by_member'),
      blocksOn(memberId, 'of_member'),
      db
        .selectFrom('moderation_items')
        .select(['reference', 'source', 'category', 'status', 'created_at'])
        .where('reported_member_id', '=', memberId)
        .orderBy('id', 'desc')
        .execute(),
      notesOf(memberId),
    ]);
    return {
      ...profileOf(member, today),
      status: member.status,
      signup_at: iso(member.signup_at),
      last_active_at: iso(member.last_active_at),
      credits: member.credits,
      credits_spent: -Number(spent?.spent ?? 0),
      paid_user: isPaidUser(member, Date.now()),
      other_conversations: others.map((row) => ({
        conversation: row.id,
        persona: { id: row.persona_id, name: row.persona_name },
        last_message_at: isoOrNull(row.last_message_at),
        waiting: Boolean(row.waiting),
      })),
      blocks: { by_member: blocksBy, of_member: blocksOf },
      reports: reports.map((row) => ({
        reference: row.reference,
        source: row.source,
        category: row.category,
        status: row.status,
        created_at: iso(row.created_at),
      })),
      notes,
    };
  }

  async function personaOf(conversation: InboxConversation, today: Date): Promise<ConsolePersona> {
    const [row, sheet] = await Promise.all([
      profileRow(conversation.personaId).select('who.personal').executeTakeFirstOrThrow(),
      findPersonaSheet(db, conversation.personaId),
    ]);
    return {
      ...profileOf(row, today),
      personal: parsePersonal(row.personal),
      sheet: sheet ? { ...sheet.parts, updated_at: iso(sheet.updatedAt) } : null,
    };
  }

  /** A retired persona has left: nobody writes as it any more (decision 012). */
  async function personaGone(personaId: number): Promise<boolean> {
    const row = await db.selectFrom('members').select('status').where('id', '=', personaId).executeTakeFirstOrThrow();
    return isGone(row.status);
  }

  async function draftOf(staffId: number, conversationId: number): Promise<Draft | null> {
    const row = await db
      .selectFrom('console_drafts')
      .select(['body', 'updated_at'])
      .where('staff_id', '=', staffId)
      .where('conversation_id', '=', conversationId)
      .executeTakeFirst();
    return row ? { body: row.body, updated_at: iso(row.updated_at) } : null;
  }

  interface SnippetRow {
    id: number;
    scope: SnippetScope;
    site_id: number | null;
    persona_id: number | null;
    shortcut: string;
    body: string;
    updated_at: number;
  }

  function snippetOf(row: SnippetRow): Snippet {
    return {
      id: row.id,
      scope: row.scope,
      site_id: row.site_id,
      persona_id: row.persona_id,
      shortcut: row.shortcut,
      body: row.body,
      updated_at: iso(row.updated_at),
    };
  }

  /** A change to a snippet in the audit log, named by its level and shortcut. */
  async function auditSnippet(
    trx: Transaction<Database>,
    actor: AuditActor,
    action: 'snippet.create' | 'snippet.update' | 'snippet.delete',
    row: SnippetRow,
    detail: Record<string, unknown> = {},
  ) {
    await recordAudit(trx, actor, {
      action,
      target: { type: 'snippet', id: row.id },
      siteId: row.site_id ?? undefined,
      detail: { scope: row.scope, persona: row.persona_id, shortcut: row.shortcut, ...detail },
    });
  }

  const snippetColumns = [
    'id',
    'scope',
    'site_id',
    'persona_id',
    'staff_id',
    'shortcut',
    'body',
    'updated_at',
  ] as const;

  return {
    /** The caller with their scope, read once per call: an assignment changed by an admin counts at once. */
    async inboxStaff(staff: StaffRow): Promise<InboxStaff> {
      const base = { id: staff.id, name: staff.name, email: staff.email, role: staff.role, capacity: staff.capacity };
      if (roleAllows(staff.role, 'inbox.supervise')) return { ...base, scope: { all: true } };
      const [sites, languages] = await Promise.all([
        db.selectFrom('staff_sites').select('site_id').where('staff_id', '=', staff.id).execute(),
        db.selectFrom('staff_languages').select('language').where('staff_id', '=', staff.id).execute(),
      ]);
      return {
        ...base,
        scope: { all: false, sites: sites.map((row) => row.site_id), languages: languages.map((row) => row.language) },
      };
    },

    /** A persona conversation within the scope; anything else is undefined, like an unknown id. */
    async conversationIn(scope: InboxScope, conversationId: number): Promise<InboxConversation | undefined> {
      const row = await conversations()
        .select(CONVERSATION_COLUMNS)
        .where('c.id', '=', conversationId)
        .where(inScope(scope, 'c.site_id', 'p.language'))
        .executeTakeFirst();
      return row && conversationOf(row);
    },

    /** Oldest wait first, at most QUEUE_MAX_ITEMS; `filter` narrows the items, the counters cover the scope. */
    async queue(
      scope: InboxScope,
      filter: { site?: number; language?: string },
      now: number,
    ): Promise<{ items: QueueItem[]; counters: SiteCounters[] }> {
      let query = queueRows(db, scope, now)
        .leftJoin('staff as holder', 'holder.id', 'cl.staff_id')
        .leftJoin('member_images as pi', 'pi.id', 'p.main_image_id')
        .leftJoin('member_images as mi', 'mi.id', 'm.main_image_id')
        .select([
          'c.id as conversation_id',
          'c.site_id',
          'p.language',
          ...PAIR_COLUMNS,
          'w.waiting_since',
          'w.waiting_messages',
          'last.id as last_id',
          'last.body as last_body',
          'last.created_at as last_created_at',
          ...CLAIM_COLUMNS,
          'st.answer_target_seconds as target_seconds',
        ])
        .orderBy('w.waiting_since')
        .orderBy('c.id')
        .limit(QUEUE_MAX_ITEMS);
      if (filter.site !== undefined) query = query.where('c.site_id', '=', filter.site);
      if (filter.language !== undefined) query = query.where('p.language', '=', filter.language);
      const [rows, counters] = await Promise.all([query.execute(), countersFor(scope, now)]);
      const today = new Date(now);
      const items = rows.map((row): QueueItem => {
        const waitingSince = Number(row.waiting_since);
        const target = row.target_seconds ?? DEFAULT_ANSWER_TARGET_SECONDS;
        return {
          conversation: row.conversation_id,
          site_id: row.site_id,
          language: row.language,
          ...pairOf(row, today),
          waiting_since: iso(waitingSince),
          waiting_messages: Number(row.waiting_messages),
          last_message: { id: row.last_id, body: row.last_body, created_at: iso(row.last_created_at) },
          past_target: now - waitingSince > target * 1000,
          claim: claimOf(row),
        };
      });
      return { items, counters };
    },

    async currentClaim(conversationId: number, now: number) {
      return claimIn(db, conversationId, now);
    },

    /**
     * Claims a conversation for the caller. `capacity` applies when the caller claims for
     * themselves (a supervisor moving claims is not held to it).
     */
    async claim(actor: AuditActor, me: InboxStaff, conversation: InboxConversation, now: number): Promise<ClaimInfo> {
      const result = await db.transaction().execute(async (trx) => {
        await lockStaff(trx, me.id, now);
        const before = await holderBefore(trx, conversation.id, now);
        if (before === me.id) {
          await upsertClaim(trx, conversation, me.id, now, false);
          return { claimed: true as const, before };
        }
        if (before === null && (await openClaimCount(trx, me.id, now)) >= me.capacity) throw capacityReached();
        if (!(await upsertClaim(trx, conversation, me.id, now, false))) return { claimed: false as const, before };
        await recordAudit(trx, actor, {
          action: 'inbox.claim',
          target: { type: 'conversation', id: conversation.id },
          siteId: conversation.siteId,
          detail: { member: conversation.memberId, persona: conversation.personaId },
        });
        return { claimed: true as const, before };
      });
      const claim = await claimIn(db, conversation.id, now);
      if (!result.claimed || !claim || claim.staff.id !== me.id) throw claimedByOther(claim?.staff);
      return claim;
    },

    /**
     * The oldest waiting conversation in the caller's scope that nobody holds, claimed in one
     * call; undefined when there is none. Losing one to a faster colleague moves on to the next.
     */
    async takeNext(
      actor: AuditActor,
      me: InboxStaff,
      now: number,
    ): Promise<{ conversation: InboxConversation; claim: ClaimInfo } | undefined> {
      const taken = await db.transaction().execute(async (trx) => {
        await lockStaff(trx, me.id, now);
        if ((await openClaimCount(trx, me.id, now)) >= me.capacity) throw capacityReached();
        const tried: number[] = [];
        for (;;) {
          let query = queueRows(trx, me.scope, now)
            .select(CONVERSATION_COLUMNS)
            .where('cl.staff_id', 'is', null)
            .orderBy('w.waiting_since')
            .orderBy('c.id')
            .limit(10);
          if (tried.length > 0) query = query.where('c.id', 'not in', tried);
          const candidates = await query.execute();
          if (candidates.length === 0) return undefined;
          for (const row of candidates) {
            const conversation = conversationOf(row);
            tried.push(row.id);
            if (await upsertClaim(trx, conversation, me.id, now, false)) {
              await recordAudit(trx, actor, {
                action: 'inbox.claim',
                target: { type: 'conversation', id: conversation.id },
                siteId: conversation.siteId,
                detail: { member: conversation.memberId, persona: conversation.personaId, next: true },
              });
              return conversation;
            }
          }
        }
      });
      if (!taken) return undefined;
      const claim = await claimIn(db, taken.id, now);
      return claim ? { conversation: taken, claim } : undefined;
    },

    /**
     * Ends the caller's claim, or anyone's with `anyHolder` (supervisors). Nothing to release is
     * fine: the claim lapsed or was released in another tab.
     */
    async release(
      actor: AuditActor,
      me: InboxStaff,
      conversation: InboxConversation,
      anyHolder: boolean,
      now: number,
    ): Promise<{ released: boolean }> {
      return db.transaction().execute(async (trx) => {
        const holder = await claimIn(trx, conversation.id, now);
        if (holder && holder.staff.id !== me.id && !anyHolder) throw claimedByOther(holder.staff);
        const deleted = await trx
          .deleteFrom('conversation_claims')
          .where('conversation_id', '=', conversation.id)
          .executeTakeFirst();
        if (!holder || Number(deleted.numDeletedRows) === 0) return { released: false };
        await recordAudit(trx, actor, {
          action: 'inbox.release',
          target: { type: 'conversation', id: conversation.id },
          siteId: conversation.siteId,
          detail: { holder: holder.staff.id },
        });
        return { released: true };
      });
    },

    /**
     * Hands the conversation to `staffId` whoever holds it (supervisors). The new holder must be
     * an active staff member whose scope covers it; otherwise undefined.
     */
    async assign(
      actor: AuditActor,
      conversation: InboxConversation,
      staffId: number,
      now: number,
    ): Promise<ClaimInfo | undefined> {
      const target = await db
        .selectFrom('staff')
        .select(['id', 'role'])
        .where('id', '=', staffId)
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (!target) return undefined;
      if (!roleAllows(target.role, 'inbox.supervise')) {
        const covers = await db
          .selectFrom('staff_sites as ss')
          .innerJoin('staff_languages as sl', 'sl.staff_id', 'ss.staff_id')
          .select('ss.staff_id')
          .where('ss.staff_id', '=', staffId)
          .where('ss.site_id', '=', conversation.siteId)
          .where('sl.language', '=', conversation.language)
          .executeTakeFirst();
        if (!covers) return undefined;
      }
      await db.transaction().execute(async (trx) => {
        const before = await holderBefore(trx, conversation.id, now);
        await upsertClaim(trx, conversation, staffId, now, true);
        await recordAudit(trx, actor, {
          action: staffId === actor.staffId ? 'inbox.take_over' : 'inbox.reassign',
          target: { type: 'conversation', id: conversation.id },
          siteId: conversation.siteId,
          detail: { from: before, to: staffId },
        });
      });
      return (await claimIn(db, conversation.id, now)) ?? undefined;
    },

    /** The caller's open claims, oldest first. */
    async ownClaims(staffId: number, now: number): Promise<OwnClaim[]> {
      return claimsWith(now, staffId);
    },

    /**
     * Sends the caller's reply as the persona: only while they hold the claim, which the same
     * transaction refreshes, so a supervisor moving the claim meanwhile stops the reply. The
     * answer is counted for the supervisor's figures, the draft is done with, and audited.
     */
    async reply(
      actor: AuditActor,
      conversation: InboxConversation,
      body: string,
      now: number,
    ): Promise<{ stored: StoredMessage; claim: ClaimInfo }> {
      const stored = await db.transaction().execute(async (trx) => {
        const settings = await siteSettingsIn(trx, conversation.siteId);
        const refreshed = await trx
          .updateTable('conversation_claims')
          .set({ active_at: now })
          .where('conversation_id', '=', conversation.id)
          .where('staff_id', '=', actor.staffId)
          .where('active_at', '>', now - settings.claim_idle_seconds * 1000)
          .executeTakeFirst();
        if (Number(refreshed.numUpdatedRows) === 0) {
          const holder = await claimIn(trx, conversation.id, now);
          throw holder ? claimedByOther(holder.staff) : claimRequired();
        }
        const sent = await storeMessage(trx, {
          conversationId: conversation.id,
          senderId: conversation.personaId,
          body,
          cost: 0,
          writtenByStaffId: actor.staffId,
        });
        // Members see a persona that answers as active, as they see each other (search order).
        await touchActivity(trx, conversation.personaId, now);
        await trx
          .insertInto('console_answers')
          .values({
            message_id: sent.message.id,
            staff_id: actor.staffId,
            site_id: conversation.siteId,
            conversation_id: conversation.id,
            waited_ms: sent.answeredWaitingSince === null ? null : now - sent.answeredWaitingSince,
            created_at: now,
          })
          .execute();
        await trx
          .deleteFrom('console_drafts')
          .where('staff_id', '=', actor.staffId)
          .where('conversation_id', '=', conversation.id)
          .execute();
        await recordAudit(trx, actor, {
          action: 'inbox.reply',
          target: { type: 'conversation', id: conversation.id },
          siteId: conversation.siteId,
          detail: { message: sent.message.id, member: conversation.memberId, persona: conversation.personaId },
        });
        return sent;
      });
      const claim = await claimIn(db, conversation.id, now);
      // The claim was refreshed in the transaction; only a takeover in the last instant leaves none.
      if (!claim) throw claimRequired();
      return { stored, claim };
    },

    /** Everything the workspace shows of one conversation. */
    async view(me: InboxStaff, conversation: InboxConversation, now: number): Promise<ConversationView> {
      const today = new Date(now);
      const [persona, member, page, readUpTo, waitingSince, settings, claim, draft, blocked] = await Promise.all([
        personaOf(conversation, today),
        memberPanel(conversation, today),
        messagesPage(conversation),
        db
          .selectFrom('conversation_members')
          .select('last_read_message_id')
          .where('conversation_id', '=', conversation.id)
          .where('member_id', '=', conversation.memberId)
          .executeTakeFirst(),
        db
          .selectFrom('messages')
          .select((eb) => eb.fn.min('created_at').as('since'))
          .where('conversation_id', '=', conversation.id)
          .where('awaiting_operator', '=', 1)
          .executeTakeFirst(),
        siteSettingsIn(db, conversation.siteId),
        claimIn(db, conversation.id, now),
        draftOf(me.id, conversation.id),
        isBlockedEitherWay(db, conversation.memberId, conversation.personaId),
      ]);
      const retired = await personaGone(conversation.personaId);
      const since = waitingSince?.since == null ? null : Number(waitingSince.since);
      return {
        now: iso(now),
        conversation: { id: conversation.id, site_id: conversation.siteId, created_at: iso(conversation.createdAt) },
        persona,
        member,
        ...page,
        member_read_up_to: readUpTo?.last_read_message_id ?? 0,
        waiting_since: isoOrNull(since),
        past_target: since !== null && now - since > settings.answer_target_seconds * 1000,
        answer_target_seconds: settings.answer_target_seconds,
        claim,
        draft,
        can_reply: !blocked && !retired && !isGone(member.status),
      };
    },

    async olderMessages(conversation: InboxConversation, before: number) {
      return messagesPage(conversation, before);
    },

    /** The caller's draft; an empty text removes it. Not audited: an autosave changes nothing anyone else sees. */
    async saveDraft(staffId: number, conversationId: number, body: string, now: number): Promise<Draft | null> {
      if (body.trim() === '') {
        await db
          .deleteFrom('console_drafts')
          .where('staff_id', '=', staffId)
          .where('conversation_id', '=', conversationId)
          .execute();
        return null;
      }
      await db
        .insertInto('console_drafts')
        .values({ staff_id: staffId, conversation_id: conversationId, body, updated_at: now })
        .onConflict((oc) => oc.columns(['staff_id', 'conversation_id']).doUpdateSet({ body, updated_at: now }))
        .execute();
      return { body, updated_at: iso(now) };
    },

    async addNote(actor: AuditActor, me: InboxStaff, conversation: InboxConversation, body: string, now: number) {
      return db.transaction().execute(async (trx): Promise<StaffNote> => {
        const row = await trx
          .insertInto('staff_notes')
          .values({ member_id: conversation.memberId, staff_id: me.id, body, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'inbox.note',
          target: { type: 'member', id: conversation.memberId },
          siteId: conversation.siteId,
          detail: { note: row.id, conversation: conversation.id },
        });
        return { id: row.id, body, staff: { id: me.id, name: me.name }, created_at: iso(now) };
      });
    },

    /** The persona's snippets, the site's, then the caller's own, each by shortcut. */
    async snippetsFor(staffId: number, conversation: InboxConversation): Promise<Snippet[]> {
      const rows = await db
        .selectFrom('snippets')
        .select(snippetColumns)
        .where((eb) =>
          eb.or([
            eb.and([eb('scope', '=', 'persona'), eb('persona_id', '=', conversation.personaId)]),
            eb.and([eb('scope', '=', 'site'), eb('site_id', '=', conversation.siteId)]),
            eb.and([eb('scope', '=', 'personal'), eb('staff_id', '=', staffId)]),
          ]),
        )
        .orderBy('shortcut')
        .orderBy('id')
        .execute();
      const order: SnippetScope[] = ['persona', 'site', 'personal'];
      return rows.sort((a, b) => order.indexOf(a.scope) - order.indexOf(b.scope)).map(snippetOf);
    },

    /** One level's snippets: a site's, a persona's (undefined when there is no such persona in scope), or the caller's own. */
    async snippetsAt(me: InboxStaff, level: SnippetLevel): Promise<Snippet[] | undefined> {
      let query = db.selectFrom('snippets').select(snippetColumns).where('scope', '=', level.scope);
      if (level.scope === 'site') {
        if (!me.scope.all && !me.scope.sites.includes(level.site)) return undefined;
        query = query.where('site_id', '=', level.site);
      } else if (level.scope === 'persona') {
        const persona = await db
          .selectFrom('members as p')
          .select('p.id')
          .where('p.id', '=', level.persona)
          .where('p.fictional', '=', 1)
          .where(inScope(me.scope, 'p.site_id', 'p.language'))
          .executeTakeFirst();
        if (!persona) return undefined;
        query = query.where('persona_id', '=', level.persona);
      } else {
        query = query.where('staff_id', '=', me.id);
      }
      return (await query.orderBy('shortcut').orderBy('id').execute()).map(snippetOf);
    },

    /** The owner a new snippet names exists: the site, or a fictional profile. */
    async snippetOwnerExists(request: SnippetCreateRequest): Promise<boolean> {
      if (request.scope === 'site') {
        return Boolean(await db.selectFrom('sites').select('id').where('id', '=', request.site).executeTakeFirst());
      }
      if (request.scope === 'persona') {
        const persona = await db
          .selectFrom('members')
          .select('id')
          .where('id', '=', request.persona)
          .where('fictional', '=', 1)
          .executeTakeFirst();
        return Boolean(persona);
      }
      return true;
    },

    async createSnippet(actor: AuditActor, request: SnippetCreateRequest, now: number): Promise<Snippet> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('snippets')
          .values({
            scope: request.scope,
            site_id: request.scope === 'site' ? request.site : null,
            persona_id: request.scope === 'persona' ? request.persona : null,
            staff_id: request.scope === 'personal' ? actor.staffId : null,
            shortcut: request.shortcut,
            body: request.body,
            created_at: now,
            updated_at: now,
          })
          .returning(snippetColumns)
          .executeTakeFirstOrThrow();
        await auditSnippet(trx, actor, 'snippet.create', row);
        return snippetOf(row);
      });
    },

    /** A snippet by id with its owner, for the permission check. */
    async snippet(snippetId: number) {
      return db.selectFrom('snippets').select(snippetColumns).where('id', '=', snippetId).executeTakeFirst();
    },

    async updateSnippet(actor: AuditActor, snippetId: number, change: SnippetUpdateRequest, now: number) {
      return db.transaction().execute(async (trx): Promise<Snippet> => {
        const row = await trx
          .updateTable('snippets')
          .set({ shortcut: change.shortcut, body: change.body, updated_at: now })
          .where('id', '=', snippetId)
          .returning(snippetColumns)
          .executeTakeFirstOrThrow();
        await auditSnippet(trx, actor, 'snippet.update', row);
        return snippetOf(row);
      });
    },

    async deleteSnippet(actor: AuditActor, snippetId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .deleteFrom('snippets')
          .where('id', '=', snippetId)
          .returning(snippetColumns)
          .executeTakeFirstOrThrow();
        // The text goes with the row, so the log keeps what was removed.
        await auditSnippet(trx, actor, 'snippet.delete', row, { body: row.body });
      });
    },

    /** A site's console settings, or undefined for an unknown site. */
    async siteSettings(siteId: number): Promise<ConsoleSiteSettings | undefined> {
      const site = await db.selectFrom('sites').select('id').where('id', '=', siteId).executeTakeFirst();
      if (!site) return undefined;
      const settings = await siteSettingsIn(db, siteId);
      return { site_id: siteId, ...settings, updated_at: isoOrNull(settings.updated_at) };
    },

    async saveSiteSettings(
      actor: AuditActor,
      siteId: number,
      change: ConsoleSiteSettingsRequest,
      now: number,
    ): Promise<ConsoleSiteSettings> {
      await db.transaction().execute(async (trx) => {
        const before = await siteSettingsIn(trx, siteId);
        await trx
          .insertInto('console_site_settings')
          .values({ site_id: siteId, ...change, updated_at: now })
          .onConflict((oc) => oc.column('site_id').doUpdateSet({ ...change, updated_at: now }))
          .execute();
        await recordAudit(trx, actor, {
          action: 'settings.update',
          target: { type: 'site', id: siteId },
          siteId,
          detail: {
            before: {
              answer_target_seconds: before.answer_target_seconds,
              claim_idle_seconds: before.claim_idle_seconds,
            },
            after: change,
          },
        });
      });
      return { site_id: siteId, ...change, updated_at: iso(now) };
    },

    /** The supervisor's view over the last `hours`. */
    async stats(hours: number, now: number): Promise<StatsResponse> {
      const since = now - hours * 3_600_000;
      const [staff, claimCounts, answers, counters, claims] = await Promise.all([
        db
          .selectFrom('staff')
          .select(['id', 'name', 'role', 'capacity', 'last_seen_at'])
          .where('status', '=', 'active')
          .orderBy('name')
          .orderBy('id')
          .execute(),
        liveClaims(db, now)
          .select((eb) => ['cl.staff_id', eb.fn.countAll<number>().as('count')])
          .groupBy('cl.staff_id')
          .execute(),
        db
          .selectFrom('console_answers')
          .select(['staff_id', 'site_id', 'waited_ms'])
          .where('created_at', '>', since)
          .execute(),
        countersFor({ all: true }, now),
        claimsWith(now),
      ]);
      const claimsByStaff = new Map(claimCounts.map((row) => [row.staff_id, Number(row.count)]));
      const figures = (rows: typeof answers) => ({
        answers: rows.length,
        answers_per_hour: Math.round((rows.length / hours) * 10) / 10,
        median_answer_seconds: (() => {
          const waits = rows.flatMap((row) => (row.waited_ms === null ? [] : [Number(row.waited_ms) / 1000]));
          const middle = median(waits);
          return middle === null ? null : Math.round(middle);
        })(),
      });
      const onlineSince = now - STAFF_ONLINE_WINDOW_MS;
      const operators = staff
        .map((row) => ({
          staff: { id: row.id, name: row.name, role: row.role },
          online: row.last_seen_at !== null && row.last_seen_at > onlineSince,
          last_seen_at: isoOrNull(row.last_seen_at),
          claims: claimsByStaff.get(row.id) ?? 0,
          capacity: row.capacity,
          ...figures(answers.filter((answer) => answer.staff_id === row.id)),
        }))
        .sort((a, b) => Number(b.online) - Number(a.online));
      const oldest = counters
        .flatMap((counter) => (counter.oldest_waiting_since === null ? [] : [counter.oldest_waiting_since]))
        .sort()[0];
      return {
        now: iso(now),
        hours,
        operators,
        sites: counters.map((counter) => ({
          counters: counter,
          ...figures(answers.filter((answer) => answer.site_id === counter.site_id)),
        })),
        oldest_waiting_since: oldest ?? null,
        claims,
      };
    },
  };
}

export type ConsoleInboxRepository = ReturnType<typeof createConsoleInboxRepository>;
