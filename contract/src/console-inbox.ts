import { z } from 'zod';
import { MESSAGE_MAX_LENGTH } from './fields.js';
import { MODERATION_CATEGORIES, MODERATION_SOURCES } from './complaints.js';
import { StaffRoleSchema } from './console.js';
import { PersonaSheetSchema } from './console-personas.js';
import { GenderSchema, MemberStatusSchema } from './user.js';
import { VALIDATION } from './validation.js';

/**
 * The operator console's inbox (issue 15): operators answer members' chats with fictional
 * profiles ("personas") as the persona. Every call lives under `/api/console/` and needs a staff
 * session with a completed two-factor login; the permission each call needs is named beside it
 * (contract/src/console.ts). Times on the wire are ISO strings; every answer that shows waiting
 * times carries the server's `now`, so a screen counts live from it whatever the laptop's clock.
 *
 * Scope: an operator sees the conversations of the sites and languages assigned to them (a
 * conversation's language is its persona's); anything outside reads as unknown (404). Staff with
 * `inbox.supervise` see every site and language.
 *
 * Claims: a conversation is written to by one operator at a time. Claiming locks it to them until
 * they release it, a supervisor moves it, or it lies idle longer than the site's
 * `claim_idle_seconds` (then it counts as free and the next claim takes it over). A reply keeps
 * the claim and refreshes its idle time: the member's answer usually follows within minutes, and
 * the same voice should give the next reply (docs/decisions/011).
 */

const id = z.number(VALIDATION.choice).int(VALIDATION.choice).positive(VALIDATION.choice);
const queryId = z.coerce.number<string>(VALIDATION.choice).int(VALIDATION.choice).positive(VALIDATION.choice);
const iso = z.string();

// ---------------------------------------------------------------------------------------------
// Paths

/** Every inbox call; `:id` is a conversation id unless the name says otherwise. */
export const CONSOLE_INBOX_PATHS = {
  /** GET: the queue and the per-site counters (inbox.answer). */
  queue: '/api/console/inbox/queue',
  /** POST: claims the oldest waiting, unclaimed conversation in the caller's scope (inbox.answer). */
  next: '/api/console/inbox/next',
  /** GET: the caller's own open claims, to reopen the workspace's tabs (inbox.answer). */
  claims: '/api/console/inbox/claims',
  /** GET: the workspace view of one conversation (inbox.answer). */
  conversation: '/api/console/inbox/conversations/:id',
  /** GET ?before=: older messages of the conversation (inbox.answer). */
  messages: '/api/console/inbox/conversations/:id/messages',
  /** POST claims, DELETE releases (the holder, or any claim with inbox.supervise). */
  claim: '/api/console/inbox/conversations/:id/claim',
  /** POST { staff }: hands the claim to a staff member, oneself included (inbox.supervise). */
  assign: '/api/console/inbox/conversations/:id/assign',
  /** POST { body }: sends as the persona; only the claim's holder (inbox.answer). */
  reply: '/api/console/inbox/conversations/:id/reply',
  /** PUT { body }: autosaves the caller's draft for the conversation; empty removes it (inbox.answer). */
  draft: '/api/console/inbox/conversations/:id/draft',
  /** POST { body }: a private staff note about the conversation's member (inbox.answer). */
  notes: '/api/console/inbox/conversations/:id/notes',
  /** GET: the snippets usable in this conversation: site, persona and the caller's own (inbox.answer). */
  conversationSnippets: '/api/console/inbox/conversations/:id/snippets',
  /** GET ?scope=…: snippets to manage; POST creates one. */
  snippets: '/api/console/snippets',
  /** PUT changes, DELETE removes a snippet (`:id` is the snippet's). */
  snippet: '/api/console/snippets/:id',
  /** GET, PUT: a site's console settings (`:id` is the site's; settings.manage). */
  siteSettings: '/api/console/sites/:id/settings',
  /** GET ?hours=: the supervisor's view (inbox.supervise). */
  stats: '/api/console/inbox/stats',
  /** GET: the console's live events as server-sent events (inbox.answer); see ConsoleEventSchema. */
  events: '/api/console/events',
} as const;

/** A path with its `:id` filled in: `consolePath(CONSOLE_INBOX_PATHS.reply, 12)`. */
export const consolePath = (path: string, id: number) => path.replace(':id', String(id));

export const ConsoleIdParamsSchema = z.object({ id: queryId });

// ---------------------------------------------------------------------------------------------
// Settings and timers

/** A site without saved console settings answers with these. */
export const DEFAULT_ANSWER_TARGET_SECONDS = 300;
export const DEFAULT_CLAIM_IDLE_SECONDS = 600;
/** Bounds of both settings: from a minute (a target below that is no target) to a day. */
export const CONSOLE_SETTING_MIN_SECONDS = 60;
export const CONSOLE_SETTING_MAX_SECONDS = 86_400;

const settingSeconds = z
  .number(VALIDATION.required)
  .int(VALIDATION.outOfRange)
  .min(CONSOLE_SETTING_MIN_SECONDS, VALIDATION.outOfRange)
  .max(CONSOLE_SETTING_MAX_SECONDS, VALIDATION.outOfRange);

/** A site's console settings. PUT sends the two numbers; GET adds the rest. */
export const ConsoleSiteSettingsRequestSchema = z.object({
  /** Conversations waiting longer than this are past target: highlighted and counted. */
  answer_target_seconds: settingSeconds,
  /** A claim with no action of its holder for this long lapses and the conversation is free again. */
  claim_idle_seconds: settingSeconds,
});
export type ConsoleSiteSettingsRequest = z.infer<typeof ConsoleSiteSettingsRequestSchema>;

export const ConsoleSiteSettingsSchema = ConsoleSiteSettingsRequestSchema.extend({
  site_id: z.number().int(),
  /** Null while the site runs on the defaults. */
  updated_at: iso.nullable(),
});
export type ConsoleSiteSettings = z.infer<typeof ConsoleSiteSettingsSchema>;

/** Whether a conversation waiting since `waitingSince` is past its site's target at `now`. */
export function isPastTarget(waitingSince: string, answerTargetSeconds: number, now: string | number): boolean {
  const nowMs = typeof now === 'number' ? now : Date.parse(now);
  return nowMs - Date.parse(waitingSince) > answerTargetSeconds * 1000;
}

// ---------------------------------------------------------------------------------------------
// Claims

/** Who works in a conversation; `expires_at` is when it lapses unless its holder acts again. */
export const ClaimInfoSchema = z.object({
  staff: z.object({ id: z.number().int(), name: z.string() }),
  claimed_at: iso,
  /** The holder's last claim, reply or refresh. */
  active_at: iso,
  expires_at: iso,
});
export type ClaimInfo = z.infer<typeof ClaimInfoSchema>;

/**
 * POST …/claim (and the answer of …/assign): the claim now held. Claiming one's own claim again
 * refreshes it; a live claim of someone else is a 409 `claimed_by_other` with the `holder`.
 */
export const ClaimResponseSchema = z.object({ conversation: z.number().int(), claim: ClaimInfoSchema });
export type ClaimResponse = z.infer<typeof ClaimResponseSchema>;

/**
 * POST /api/console/inbox/next: the claimed conversation, or null when nothing in the caller's
 * scope waits unclaimed. 409 `capacity_reached` when the operator already holds `capacity` open
 * claims (release one first).
 */
export const TakeNextResponseSchema = z.object({ claim: ClaimResponseSchema.nullable() });
export type TakeNextResponse = z.infer<typeof TakeNextResponseSchema>;

/** DELETE …/claim. Releasing a claim one does not hold (and may not release) is a 409 `claimed_by_other`. */
export const ReleaseResponseSchema = z.object({ released: z.literal(true) });

/** POST …/assign: the staff member who takes the claim over; one's own id is "take over". */
export const AssignRequestSchema = z.object({ staff: id });
export type AssignRequest = z.infer<typeof AssignRequestSchema>;

// ---------------------------------------------------------------------------------------------
// People as the console shows them

const ThumbSchema = z.object({ thumb_filename: z.string() }).nullable();

/** A persona or member in one line: a queue row, a tab, a list of conversations. */
export const ConsolePersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int().nullable(),
  city: z.string().nullable(),
  main_image: ThumbSchema,
});
export type ConsolePerson = z.infer<typeof ConsolePersonSchema>;

/** The persona sheet (written in the persona screens) as the operator reads it, with when it last changed. */
export const InboxPersonaSheetSchema = PersonaSheetSchema.extend({ updated_at: iso });
export type InboxPersonaSheet = z.infer<typeof InboxPersonaSheetSchema>;

/** The persona in the workspace: the profile members see, and the sheet only staff see. */
export const ConsolePersonaSchema = ConsolePersonSchema.extend({
  gender: GenderSchema.nullable(),
  country: z.string().nullable(),
  /** The region's name. */
  region: z.string().nullable(),
  language: z.string(),
  /** The about-me texts members read on the profile, field name → text. */
  personal: z.record(z.string(), z.string()),
  /** Null until someone writes one. */
  sheet: InboxPersonaSheetSchema.nullable(),
});
export type ConsolePersona = z.infer<typeof ConsolePersonaSchema>;

/** A private staff note about a member; members never see these. */
export const StaffNoteSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  /** Null when the author's account no longer exists. */
  staff: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: iso,
});
export type StaffNote = z.infer<typeof StaffNoteSchema>;

/** Another conversation of the member with a persona of the same site. */
export const OtherConversationSchema = z.object({
  conversation: z.number().int(),
  persona: z.object({ id: z.number().int(), name: z.string() }),
  last_message_at: iso.nullable(),
  /** Whether the member waits for an answer there. */
  waiting: z.boolean(),
});
export type OtherConversation = z.infer<typeof OtherConversationSchema>;

/** A report about the member from the moderation queue (reports, notices, appeals). */
export const MemberReportSchema = z.object({
  reference: z.string(),
  source: z.enum(MODERATION_SOURCES),
  /** Null for an appeal. */
  category: z.enum(MODERATION_CATEGORIES).nullable(),
  status: z.string(),
  created_at: iso,
});
export type MemberReport = z.infer<typeof MemberReportSchema>;

/** A block by or of the member; `other` is the member on the other end. */
export const MemberBlockSchema = z.object({
  other: z.object({ id: z.number().int(), name: z.string(), fictional: z.boolean() }),
  created_at: iso,
});
export type MemberBlock = z.infer<typeof MemberBlockSchema>;

/** The member panel: who the operator is writing to. */
export const MemberPanelSchema = ConsolePersonSchema.extend({
  gender: GenderSchema.nullable(),
  country: z.string().nullable(),
  /** The region's name. */
  region: z.string().nullable(),
  language: z.string(),
  status: MemberStatusSchema,
  signup_at: iso,
  last_active_at: iso,
  /** Credits on the balance now. */
  credits: z.number().int(),
  /** Credits spent in all (messages), from the ledger. */
  credits_spent: z.number().int(),
  /** Premium (spec §3 paid_user). */
  paid_user: z.boolean(),
  /** The member's conversations with the site's other personas, most recent first. */
  other_conversations: z.array(OtherConversationSchema),
  /** Members this member blocked, and members who blocked this one. */
  blocks: z.object({ by_member: z.array(MemberBlockSchema), of_member: z.array(MemberBlockSchema) }),
  /** Reports and notices about the member, newest first. */
  reports: z.array(MemberReportSchema),
  /** Staff notes, newest first. */
  notes: z.array(StaffNoteSchema),
});
export type MemberPanel = z.infer<typeof MemberPanelSchema>;

// ---------------------------------------------------------------------------------------------
// Messages, the queue and the workspace

/** Messages per page of a conversation in the workspace. */
export const CONSOLE_MESSAGES_PAGE_SIZE = 50;
/** Longest staff note, in characters. */
export const STAFF_NOTE_MAX_LENGTH = 2000;
/** The queue lists at most this many conversations, oldest wait first; the counters count all. */
export const QUEUE_MAX_ITEMS = 200;

/** One message in the workspace: who sent it and, for the persona's, which operator wrote it. */
export const ConsoleMessageSchema = z.object({
  id: z.number().int(),
  from: z.enum(['member', 'persona']),
  body: z.string(),
  created_at: iso,
  /** The operator who wrote a persona message; null for the member's and for older ones. Never shown to members. */
  written_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** A member's message still waiting for an answer. */
  awaiting: z.boolean(),
});
export type ConsoleMessage = z.infer<typeof ConsoleMessageSchema>;

/** One waiting conversation in the queue. */
export const QueueItemSchema = z.object({
  conversation: z.number().int(),
  site_id: z.number().int(),
  /** The persona's language. */
  language: z.string(),
  persona: ConsolePersonSchema,
  member: ConsolePersonSchema,
  /** The member's oldest unanswered message: the wait is counted from it. */
  waiting_since: iso,
  /** Unanswered messages from the member. */
  waiting_messages: z.number().int(),
  /** The latest of them, for the row's preview. */
  last_message: z.object({ id: z.number().int(), body: z.string(), created_at: iso }),
  past_target: z.boolean(),
  /** Null when free (never claimed, released, or lapsed). */
  claim: ClaimInfoSchema.nullable(),
});
export type QueueItem = z.infer<typeof QueueItemSchema>;

/** Per site in the caller's scope: the queue at a glance. */
export const SiteCountersSchema = z.object({
  site_id: z.number().int(),
  name: z.string(),
  domain: z.string(),
  waiting: z.number().int(),
  /** Of those, claimed by someone now. */
  claimed: z.number().int(),
  past_target: z.number().int(),
  /** Null when nobody waits. */
  oldest_waiting_since: iso.nullable(),
  answer_target_seconds: z.number().int(),
  claim_idle_seconds: z.number().int(),
});
export type SiteCounters = z.infer<typeof SiteCountersSchema>;

/** GET …/queue: narrows the caller's scope to one site and/or language. */
export const QueueQuerySchema = z.object({
  site: queryId.optional(),
  language: z.string(VALIDATION.choice).min(2, VALIDATION.choice).max(8, VALIDATION.choice).optional(),
});
export type QueueQuery = z.input<typeof QueueQuerySchema>;

export const QueueResponseSchema = z.object({
  now: iso,
  /** Oldest wait first, at most QUEUE_MAX_ITEMS. */
  items: z.array(QueueItemSchema),
  /** Every site in scope, also those with nobody waiting. */
  counters: z.array(SiteCountersSchema),
});
export type QueueResponse = z.infer<typeof QueueResponseSchema>;

/** One of the caller's open claims, for the workspace's tabs. */
export const OwnClaimSchema = z.object({
  conversation: z.number().int(),
  site_id: z.number().int(),
  persona: ConsolePersonSchema,
  member: ConsolePersonSchema,
  claim: ClaimInfoSchema,
  /** Null when the member waits for nothing. */
  waiting_since: iso.nullable(),
});
export type OwnClaim = z.infer<typeof OwnClaimSchema>;

export const OwnClaimsResponseSchema = z.object({ now: iso, claims: z.array(OwnClaimSchema) });
export type OwnClaimsResponse = z.infer<typeof OwnClaimsResponseSchema>;

/** The caller's autosaved text for a conversation. */
export const DraftSchema = z.object({ body: z.string(), updated_at: iso });
export type Draft = z.infer<typeof DraftSchema>;

/** GET …/conversations/:id: everything the workspace shows of one conversation. */
export const ConversationViewSchema = z.object({
  now: iso,
  conversation: z.object({ id: z.number().int(), site_id: z.number().int(), created_at: iso }),
  persona: ConsolePersonaSchema,
  member: MemberPanelSchema,
  /** The latest page, oldest first; older pages through …/messages?before=. */
  messages: z.array(ConsoleMessageSchema),
  /** Pass as `before` for older messages; null when the first message is shown. */
  older: z.number().int().nullable(),
  /** The member read the persona's messages up to this id. */
  member_read_up_to: z.number().int(),
  /** Null when the member waits for nothing. */
  waiting_since: iso.nullable(),
  past_target: z.boolean(),
  answer_target_seconds: z.number().int(),
  claim: ClaimInfoSchema.nullable(),
  draft: DraftSchema.nullable(),
  /**
   * False when nothing more can reach the member (deleted, banned, or a block either way): the
   * history stays readable, a reply is refused.
   */
  can_reply: z.boolean(),
});
export type ConversationView = z.infer<typeof ConversationViewSchema>;

export const ConsoleMessagesQuerySchema = z.object({ before: queryId });
export const ConsoleMessagesResponseSchema = z.object({
  messages: z.array(ConsoleMessageSchema),
  older: z.number().int().nullable(),
});
export type ConsoleMessagesResponse = z.infer<typeof ConsoleMessagesResponseSchema>;

/**
 * POST …/reply: sent as the persona, free for the member, through the member's own message path
 * (live, unread count, push). Only the claim's holder replies: 409 `claimed_by_other` (with
 * `holder`) when someone else holds it, 409 `claim_required` when nobody does (claim it first);
 * 403 `member_unavailable` or `blocked` when nothing can reach the member.
 */
export const ReplyRequestSchema = z.object({
  body: z.string(VALIDATION.required).trim().min(1, VALIDATION.required).max(MESSAGE_MAX_LENGTH, VALIDATION.tooLong),
});
export type ReplyRequest = z.input<typeof ReplyRequestSchema>;
export const ReplyResponseSchema = z.object({ message: ConsoleMessageSchema, claim: ClaimInfoSchema });
export type ReplyResponse = z.infer<typeof ReplyResponseSchema>;

/**
 * PUT …/draft: the composer's text, saved as the operator types (debounce it). Kept per operator
 * and conversation across reloads and tabs; an empty body removes it, and a sent reply clears it.
 */
export const DraftRequestSchema = z.object({
  body: z.string(VALIDATION.required).max(MESSAGE_MAX_LENGTH, VALIDATION.tooLong),
});
export type DraftRequest = z.input<typeof DraftRequestSchema>;
export const DraftResponseSchema = z.object({ draft: DraftSchema.nullable() });
export type DraftResponse = z.infer<typeof DraftResponseSchema>;

/** POST …/notes. */
export const NoteRequestSchema = z.object({
  body: z.string(VALIDATION.required).trim().min(1, VALIDATION.required).max(STAFF_NOTE_MAX_LENGTH, VALIDATION.tooLong),
});
export type NoteRequest = z.input<typeof NoteRequestSchema>;
export const NoteResponseSchema = z.object({ note: StaffNoteSchema });

// ---------------------------------------------------------------------------------------------
// Snippets

/**
 * The variables a snippet may use, written `{member.name}`. Values come from the conversation
 * (`snippetValuesOf`); a variable without a value (no city given) becomes empty text.
 */
export const SNIPPET_VARIABLES = [
  'member.name',
  'member.age',
  'member.city',
  'member.region',
  'persona.name',
  'persona.age',
  'persona.city',
  'persona.region',
] as const;
export type SnippetVariable = (typeof SNIPPET_VARIABLES)[number];
export type SnippetValues = Record<SnippetVariable, string>;

/** `{name.part}`: what looks like a variable; one not in SNIPPET_VARIABLES is refused when saved. */
const VARIABLE_PATTERN = /\{([a-z]+\.[a-z_]+)\}/g;
const isSnippetVariable = (name: string): name is SnippetVariable =>
  (SNIPPET_VARIABLES as readonly string[]).includes(name);

/** The variable-like names in a body that are not variables (a typo such as `{member.nmae}`). */
export function unknownSnippetVariables(body: string): string[] {
  return [...body.matchAll(VARIABLE_PATTERN)].map((match) => match[1]!).filter((name) => !isSnippetVariable(name));
}

/** The snippet's text with its variables filled in, as inserted into the composer. */
export function expandSnippet(body: string, values: SnippetValues): string {
  return body.replace(VARIABLE_PATTERN, (whole, name: string) => (isSnippetVariable(name) ? values[name] : whole));
}

type SnippetPerson = Pick<ConsolePersona, 'name' | 'age' | 'city' | 'region'>;

/** The variables' values in a conversation (pass the ConversationView). */
export function snippetValuesOf(view: { member: SnippetPerson; persona: SnippetPerson }): SnippetValues {
  const text = (value: string | number | null) => (value === null ? '' : String(value));
  return {
    'member.name': view.member.name,
    'member.age': text(view.member.age),
    'member.city': text(view.member.city),
    'member.region': text(view.member.region),
    'persona.name': view.persona.name,
    'persona.age': text(view.persona.age),
    'persona.city': text(view.persona.city),
    'persona.region': text(view.persona.region),
  };
}

/**
 * Whose a snippet is: a site's (everyone answering there; snippets.manage to write), a persona's
 * (everyone writing as it; snippets.manage), or personal (the operator's own; inbox.answer).
 */
export const SNIPPET_SCOPES = ['site', 'persona', 'personal'] as const;
export const SnippetScopeSchema = z.enum(SNIPPET_SCOPES, VALIDATION.choice);
export type SnippetScope = z.infer<typeof SnippetScopeSchema>;

/** What the operator types after `/` to insert the snippet: lower-case letters, digits, `-` and `_`. */
export const SNIPPET_SHORTCUT_PATTERN = /^[a-z0-9][a-z0-9_-]{0,31}$/;

export const SnippetSchema = z.object({
  id: z.number().int(),
  scope: SnippetScopeSchema,
  /** The site's id for a site snippet, else null. */
  site_id: z.number().int().nullable(),
  /** The persona's id for a persona snippet, else null. */
  persona_id: z.number().int().nullable(),
  shortcut: z.string(),
  body: z.string(),
  updated_at: iso,
});
export type Snippet = z.infer<typeof SnippetSchema>;

const SnippetTextSchema = z.object({
  shortcut: z
    .string(VALIDATION.required)
    .trim()
    .toLowerCase()
    .regex(SNIPPET_SHORTCUT_PATTERN, VALIDATION.snippetShortcut),
  body: z
    .string(VALIDATION.required)
    .trim()
    .min(1, VALIDATION.required)
    .max(MESSAGE_MAX_LENGTH, VALIDATION.tooLong)
    .refine((body) => unknownSnippetVariables(body).length === 0, VALIDATION.snippetVariable),
});

/** POST /api/console/snippets: a site snippet names its site, a persona snippet its persona. */
export const SnippetCreateRequestSchema = z.discriminatedUnion(
  'scope',
  [
    SnippetTextSchema.extend({ scope: z.literal('site'), site: id }),
    SnippetTextSchema.extend({ scope: z.literal('persona'), persona: id }),
    SnippetTextSchema.extend({ scope: z.literal('personal') }),
  ],
  { error: VALIDATION.choice },
);
export type SnippetCreateRequest = z.input<typeof SnippetCreateRequestSchema>;

/** PUT /api/console/snippets/:id: the level and owner stay. */
export const SnippetUpdateRequestSchema = SnippetTextSchema;
export type SnippetUpdateRequest = z.input<typeof SnippetUpdateRequestSchema>;

export const SnippetResponseSchema = z.object({ snippet: SnippetSchema });
export const SnippetDeleteResponseSchema = z.object({ deleted: z.literal(true) });

/** GET /api/console/snippets: one level to manage (a site's, a persona's); personal is always the caller's own. */
export const SnippetsQuerySchema = z.discriminatedUnion(
  'scope',
  [
    z.object({ scope: z.literal('site'), site: queryId }),
    z.object({ scope: z.literal('persona'), persona: queryId }),
    z.object({ scope: z.literal('personal') }),
  ],
  { error: VALIDATION.choice },
);
export type SnippetsQuery = z.input<typeof SnippetsQuerySchema>;
export type SnippetLevel = z.output<typeof SnippetsQuerySchema>;

/** Snippets ordered by shortcut. For a conversation: the persona's, then the site's, then the caller's own. */
export const SnippetsResponseSchema = z.object({ snippets: z.array(SnippetSchema) });
export type SnippetsResponse = z.infer<typeof SnippetsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Supervisor view

/** A staff member counts as online when seen within this (an open console stream keeps it fresh). */
export const STAFF_ONLINE_WINDOW_MS = 2 * 60_000;
/** The stats' default window and its bounds, in hours. */
export const STATS_DEFAULT_HOURS = 24;
export const STATS_MAX_HOURS = 24 * 7;

export const StatsQuerySchema = z.object({
  hours: z.coerce
    .number<string>(VALIDATION.choice)
    .int(VALIDATION.outOfRange)
    .min(1, VALIDATION.outOfRange)
    .max(STATS_MAX_HOURS, VALIDATION.outOfRange)
    .default(STATS_DEFAULT_HOURS),
});
export type StatsQuery = z.input<typeof StatsQuerySchema>;

/** Answers in the window; the answer time is from the member's oldest unanswered message to the reply. */
const AnswerFiguresSchema = z.object({
  answers: z.number().int(),
  answers_per_hour: z.number(),
  /** Null without answers in the window. */
  median_answer_seconds: z.number().nullable(),
});

export const OperatorStatsSchema = AnswerFiguresSchema.extend({
  staff: z.object({ id: z.number().int(), name: z.string(), role: StaffRoleSchema }),
  online: z.boolean(),
  last_seen_at: iso.nullable(),
  /** Open claims now, and how many the operator takes at most. */
  claims: z.number().int(),
  capacity: z.number().int(),
});
export type OperatorStats = z.infer<typeof OperatorStatsSchema>;

export const SiteStatsSchema = AnswerFiguresSchema.extend({ counters: SiteCountersSchema });
export type SiteStats = z.infer<typeof SiteStatsSchema>;

/** An open claim anywhere, for a supervisor to release or move. */
export const OpenClaimSchema = OwnClaimSchema;
export type OpenClaim = z.infer<typeof OpenClaimSchema>;

/** GET …/stats. */
export const StatsResponseSchema = z.object({
  now: iso,
  hours: z.number().int(),
  /** Every active staff member who may answer, online first. */
  operators: z.array(OperatorStatsSchema),
  sites: z.array(SiteStatsSchema),
  /** The longest wait of all queues; null when nobody waits. */
  oldest_waiting_since: iso.nullable(),
  claims: z.array(OpenClaimSchema),
});
export type StatsResponse = z.infer<typeof StatsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Live events

/**
 * What GET /api/console/events streams to staff, each only within their scope (site and
 * language): the SSE event name is the `type`, the data the JSON of the whole event.
 * - waiting: a member wrote to a persona; the conversation is (still) in the queue;
 * - claim: a conversation was claimed, moved or released (`claim` null);
 * - answered: an operator replied; the conversation left the queue;
 * - settings: a site's console settings changed (target, idle time).
 * They tell the screens what changed; the queue is fetched again for the full rows.
 */
export const ConsoleEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('waiting'),
    conversation: z.number().int(),
    site_id: z.number().int(),
    language: z.string(),
    message: z.object({ id: z.number().int(), created_at: iso }),
  }),
  z.object({
    type: z.literal('claim'),
    conversation: z.number().int(),
    site_id: z.number().int(),
    language: z.string(),
    claim: ClaimInfoSchema.nullable(),
  }),
  z.object({
    type: z.literal('answered'),
    conversation: z.number().int(),
    site_id: z.number().int(),
    language: z.string(),
    message: z.object({ id: z.number().int(), created_at: iso }),
    staff: z.object({ id: z.number().int(), name: z.string() }),
  }),
  z.object({ type: z.literal('settings'), site_id: z.number().int() }),
]);
export type ConsoleEvent = z.infer<typeof ConsoleEventSchema>;
export type ConsoleEventType = ConsoleEvent['type'];
