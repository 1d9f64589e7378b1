import type {
  AdjustmentKind,
  AdjustmentStatus,
  ComplaintSubject,
  DiscountKind,
  DiscountPurpose,
  MemberStatus,
  ModerationAction,
  ModerationCategory,
  ModerationItemStatus,
  ModerationReason,
  ModerationSource,
  MessageRule,
  OrderState,
  PaymentMethod,
  PaymentProviderId,
  PurchaseType,
  StaffRole,
} from '@rendezvous/contract';
import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Column conventions that hold on both SQLite and PostgreSQL: times are epoch
 * milliseconds (bigint), flags are 0/1 integers, structured values are JSON text.
 */
export interface SitesTable {
  id: Generated<number>;
  domain: string;
  is_default: number;
  config: string;
  created_at: number;
  /** Goes up with every save in the console, so a save made on stale settings is refused. */
  version: Generated<number>;
}

/** One saved change of a site's settings (features/console-sites). */
export interface SiteConfigChangesTable {
  id: Generated<number>;
  site_id: number;
  staff_id: number;
  /** JSON: the list of SiteConfigChange (path, before, after). */
  changes: string;
  /** JSON: the whole settings object as saved. */
  config: string;
  created_at: number;
}

export interface RegionsTable {
  id: Generated<number>;
  country: string;
  code: string;
  name: string;
}

/** `retired` is a persona (fictional profile) taken out of use in the console; it is never a person's status. */
export type { MemberStatus };

/** Members in these states are gone for everyone else: nothing reaches them, and they reach no one. */
export const GONE_STATUSES: readonly MemberStatus[] = ['deleted', 'banned', 'retired', 'suspended'];
export const isGone = (status: MemberStatus) => GONE_STATUSES.includes(status);
/**
 * Members a moderator banned or suspended (console-moderation): gone, and also left out of other
 * members' chat lists, where a deleted member stays as "no longer available" (issue 18).
 */
export const RESTRICTED_STATUSES: readonly MemberStatus[] = ['banned', 'suspended'];
/**
 * A member who has not confirmed their address uses the site, but to everyone else they are as
 * good as gone until they confirm: nobody could answer them, so nobody reaches them (issue #12).
 */
export const UNCONFIRMED_STATUS = 'not_confirmed' satisfies MemberStatus;
/** The only states in which others may open, like, write to, report or list a member. */
export const REACHABLE_STATUSES: readonly MemberStatus[] = ['active'];
export const isReachable = (status: MemberStatus) => REACHABLE_STATUSES.includes(status);

export interface MembersTable {
  id: Generated<number>;
  site_id: number;
  email: string;
  email_normalized: string;
  name: string;
  password_hash: string | null;
  status: MemberStatus;
  /** When anything others see of the member last changed (db/member-changes.ts), so every node learns of it. */
  changed_at: number | null;
  fictional: Generated<number>;
  /**
   * 0 takes the member out of every list others browse (search, match finder, landers) while
   * their conversations and profile page stay: a hidden persona (features/console-personas).
   */
  listed: Generated<number>;
  /**
   * 1: the member chose to stay out of search, similar members and landers (issue 19); `listed`
   * is then 0 too. Kept apart so a moderator's hide and the member's own never undo each other.
   */
  hidden_from_search: Generated<number>;
  /** 0: the member opens profiles without appearing in their "who viewed me" (features/profile-visitors). */
  leaves_visit_trace: Generated<number>;
  paid_user: Generated<number>;
  mailprovider: Generated<number>;
  language: string;
  gender: 'male' | 'female' | null;
  date_of_birth: string | null;
  country: string | null;
  countryregion: number | null;
  city: string | null;
  /** What others see of the member's answers and about-me texts, by field name. */
  personal: Generated<string>;
  /** About-me texts waiting for a moderator's approval, by field name; the member sees these instead. */
  personal_in_review: Generated<string>;
  main_image_id: number | null;
  signup_at: number;
  last_active_at: number;
  timezone: string | null;
  /** The browser's PushSubscription as JSON (spec §3 Push state). */
  push_subscription: string | null;
  activated_at: number | null;
  deleted_at: number | null;
  form_path: string | null;
  referrer: string | null;
  /** The search order: photo first, then the day last active (see db/search-rank.ts). */
  search_rank: Generated<number>;
  /** The credit balance: the sum of this member's credit_ledger rows, changed in the same transaction. */
  credits: Generated<number>;
  /** The country whose prices and payment methods the member chose at checkout. */
  payment_country: string | null;
  /** Set by a chargeback: spending is refused until staff clear it. */
  spending_blocked_at: number | null;
  /** The member's own monthly spending limit in minor units of its currency; null: none. */
  monthly_spending_limit: number | null;
  monthly_spending_limit_currency: string | null;
  /** A raise or removal waiting for its cooling-off period: the new limit, and when it counts. */
  monthly_spending_limit_pending: number | null;
  monthly_spending_limit_pending_at: number | null;
  /** Premium's benefits apply until this moment (a paid term's end); null: never premium. */
  premium_until: number | null;
  /** While `status` is `suspended`: when the suspension ends (db/member-restrictions.ts lifts it). */
  suspended_until: number | null;
}

export interface MemberSearchesTable {
  member_id: number;
  gender: 'male' | 'female';
  min_age: number;
  max_age: number;
  /** '' for every country of the site. */
  country: string;
  countryregion: number;
  updated_at: number;
}

export interface MemberTrackingTable {
  member_id: number;
  network: string | null;
  ref: string | null;
  sub1: string | null;
  sub2: string | null;
  sub3: string | null;
  created_at: number;
  /** The lander the member signed up on (db/lander-signups.ts), from the form's own path. */
  lander: string | null;
  lander_slug: string | null;
}

export type AccountTokenPurpose = 'activate' | 'reset_password' | 'change_email' | 'undo_email_change';

export interface AccountTokensTable {
  /** SHA-256 of the token in the link. */
  id: string;
  member_id: number;
  purpose: AccountTokenPurpose;
  /** Purpose-specific data, e.g. the new or old e-mail address. */
  payload: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface MailDeliveriesTable {
  id: Generated<number>;
  member_id: number | null;
  kind: string;
  recipient: string;
  accepted: number;
  message_id: string | null;
  created_at: number;
}

export interface MemberImagesTable {
  id: Generated<number>;
  member_id: number;
  filename: string;
  thumb_filename: string;
  position: number;
  created_at: number;
  /**
   * 1 while a moderator has not approved the photo on a site that reviews before publication:
   * only its member (and staff) see it, and it is never the main photo (docs/decisions/022).
   */
  in_review: Generated<number>;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token, so a copy of the table opens no session. */
  id: string;
  member_id: number;
  created_at: number;
  expires_at: number;
}

export interface LikesTable {
  member_id: number;
  profile_id: number;
  is_new: Generated<number>;
  created_at: number;
}

export interface ConversationsTable {
  id: Generated<number>;
  site_id: number;
  /** The pair in id order: one pair of members has one conversation. */
  member_low: number;
  member_high: number;
  created_at: number;
  last_message_at: number | null;
}

/** One member's side of a conversation: their unread count, read position and list state. */
export interface ConversationMembersTable {
  conversation_id: number;
  member_id: number;
  other_id: number;
  num_unread: Generated<number>;
  last_read_message_id: Generated<number>;
  /** Removed from this member's chat list; a new message brings it back. */
  removed: Generated<number>;
  updated_at: number;
}

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_id: number;
  body: string;
  /** What the sender paid for this message. */
  credits: Generated<number>;
  /** 1 while a message to a fictional profile waits for an operator. */
  awaiting_operator: Generated<number>;
  created_at: number;
  /** The operator who wrote a fictional profile's message; never shown to members. */
  written_by_staff_id: number | null;
  /** The UUID the sender's device made for this message, so a repeated send stores it once (decision 019). */
  client_key: string | null;
}

/**
 * The body of a message whose sender erased their account: sent messages keep their place in the
 * other member's conversation, without the text, and show as erased (issue 19). A message someone
 * writes is never empty (contract SendMessageSchema).
 */
export const ERASED_MESSAGE_BODY = '';

export interface CreditLedgerTable {
  id: Generated<number>;
  member_id: number;
  /** Credits added (positive) or spent (negative). */
  delta: number;
  reason: string;
  reference: string | null;
  /** Unique: one business event (a provider's payment, refund, chargeback) writes at most one row. */
  business_key: string | null;
  created_at: number;
}

export interface NotificationsTable {
  id: Generated<number>;
  member_id: number;
  kind: string;
  actor_id: number | null;
  conversation_id: number | null;
  payload: string | null;
  created_at: number;
  read_at: number | null;
}

export interface BlocksTable {
  member_id: number;
  blocked_id: number;
  created_at: number;
}

/** Which kind of item, and what it is about: a notice's subject, or the decision an appeal objects to. */
export type ModerationSubject = ComplaintSubject | 'decision';

/**
 * One queue for the operator (docs/decisions/008): in-app reports, notices from the complaint form
 * and appeals, each with a reference the reporter can quote.
 */
export interface ModerationItemsTable {
  id: Generated<number>;
  /** `RV-` and eight unambiguous characters, unique. */
  reference: string;
  source: ModerationSource;
  site_id: number;
  subject: ModerationSubject;
  /** A link or member reference as the reporter gave it; for an appeal, the decision's reference. */
  location: string | null;
  reported_member_id: number | null;
  conversation_id: number | null;
  /** null for an appeal. */
  category: ModerationCategory | null;
  explanation: string | null;
  reporter_member_id: number | null;
  reporter_name: string | null;
  reporter_email: string | null;
  /** The reporter's language, to answer in it. */
  reporter_language: string | null;
  /** 1 when the reporter confirmed the notice is made in good faith (DSA Art. 16(2)(d)). */
  good_faith: Generated<number>;
  status: Generated<ModerationItemStatus>;
  created_at: number;
  /** For an appeal: the decision appealed against, when the reference the member gave is one. */
  appealed_decision_id: number | null;
  /** The decision that closed the item. */
  decision_id: number | null;
  /** For an item a rule raised (source `rule`): which rule the message matched. */
  flag_rule: MessageRule | null;
  /** For an item a rule raised: the message that matched. */
  message_id: number | null;
  /** For a photo under review (source `photo`): the photo and its files, kept if it is removed. */
  image_id: number | null;
  image_filename: string | null;
  image_thumb_filename: string | null;
  /** For a text under review (source `text`): the about-me field, its new text and the one it replaces. */
  text_field: string | null;
  text_content: string | null;
  previous_text: string | null;
  /** 1 when others are kept from seeing the photo or text until the decision (before publication). */
  held: Generated<number>;
}

/** A message of the reported conversation as it was when the item was filed (docs/decisions/018). */
export interface ModerationEvidenceTable {
  id: Generated<number>;
  item_id: number;
  message_id: number;
  sender_id: number;
  sender_name: string;
  body: string;
  sent_at: number;
}

/** One decision on a moderation item (console-moderation), the record behind its statement of reasons. */
export interface ModerationDecisionsTable {
  id: Generated<number>;
  /** `RV-` and eight characters, as item references: quoted in the statement of reasons and an appeal. */
  reference: string;
  item_id: number;
  site_id: number;
  /** The member decided about; null when the item named nobody (a dismissed notice). */
  member_id: number | null;
  staff_id: number;
  action: ModerationAction;
  reason: ModerationReason;
  note: string | null;
  /** For a suspension: when it ends. */
  until: number | null;
  created_at: number;
  /** When an appeal or an admin lifted the decision's restriction. */
  lifted_at: number | null;
}

/** Who is deciding an item now: one holder, as conversation_claims (docs/decisions/011). */
export interface ModerationClaimsTable {
  item_id: number;
  staff_id: number;
  claimed_at: number;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  member_id: number;
  endpoint: string;
  /** The browser's PushSubscription as JSON. */
  subscription: string;
  created_at: number;
}

/** Secrets every server node must share, made once at first start (the VAPID keys). */
export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: number;
}

/** Lander views per site, lander, slug, traffic-source network ('' for none) and UTC day (features/landers). */
export interface LanderVisitsTable {
  site_id: number;
  lander: string;
  slug: string;
  network: string;
  /** YYYY-MM-DD in UTC. */
  day: string;
  visits: number;
}

export type StaffStatus = 'active' | 'disabled';

/** Operator console staff (issue 15): not members, with their own login and mandatory two-factor. */
export interface StaffTable {
  id: Generated<number>;
  email: string;
  email_normalized: string;
  name: string;
  password_hash: string;
  role: StaffRole;
  /**
   * The TOTP secret, encrypted (platform/staff/totp-secret.ts). Until `totp_enrolled_at` is set it
   * is the one offered at enrolment, not yet confirmed by a code; null before that.
   */
  totp_secret: string | null;
  totp_enrolled_at: number | null;
  /** The RFC 6238 time step of the last code accepted: no code is accepted twice. */
  totp_last_step: number | null;
  /** Open conversations the operator holds at most. */
  capacity: Generated<number>;
  status: Generated<StaffStatus>;
  created_at: number;
  last_seen_at: number | null;
}

export interface StaffSitesTable {
  staff_id: number;
  site_id: number;
}

export interface StaffLanguagesTable {
  staff_id: number;
  language: string;
}

export interface StaffRecoveryCodesTable {
  staff_id: number;
  /** SHA-256 of the one-time code. */
  code_hash: string;
  used_at: number | null;
}

export interface StaffSessionsTable {
  /** SHA-256 of the cookie token. */
  id: string;
  staff_id: number;
  created_at: number;
  expires_at: number;
  /** When the two-factor code was last given; null until the login is complete. */
  totp_at: number | null;
  ip: string | null;
  user_agent: string | null;
  /** Wrong two-factor codes given in this session; a few end it. */
  code_failures: Generated<number>;
}

/** Append-only (the database refuses updates and deletes): every staff action that changes something. */
export interface AuditLogTable {
  id: Generated<number>;
  staff_id: number | null;
  /** Kept as it was then, so the record reads the same after the account changes. */
  staff_email: string | null;
  action: string;
  target_type: string | null;
  target_id: number | null;
  site_id: number | null;
  /** JSON of what changed. */
  detail: string | null;
  ip: string | null;
  created_at: number;
}

export interface PersonaSheetsTable {
  member_id: number;
  character: Generated<string>;
  tone: Generated<string>;
  facts: Generated<string>;
  avoid: Generated<string>;
  updated_at: number;
  updated_by: number | null;
}

/** The operator holding a conversation; the primary key lets only one hold it. */
export interface ConversationClaimsTable {
  conversation_id: number;
  staff_id: number;
  claimed_at: number;
  /** The operator's last action in it; the claim lapses after the site's idle time. */
  active_at: number;
}

export interface ConsoleDraftsTable {
  staff_id: number;
  conversation_id: number;
  body: string;
  updated_at: number;
}

/** Private notes about a member, for staff only. */
export interface StaffNotesTable {
  id: Generated<number>;
  member_id: number;
  staff_id: number | null;
  body: string;
  created_at: number;
}

export type SnippetScope = 'site' | 'persona' | 'personal';

/** Something staff gave back to a member (issue 18), done at once or waiting for an admin. */
export interface MemberAdjustmentsTable {
  id: Generated<number>;
  member_id: number;
  site_id: number;
  kind: AdjustmentKind;
  /**
   * `reserved`: a refund whose provider is being asked, counted against the giver's limit and its
   * order meanwhile; never shown, it becomes `done` (or `pending` again, or goes) once answered.
   */
  status: AdjustmentStatus | 'reserved';
  order_id: number | null;
  /** JSON array of message ids, for a credit-back. */
  message_ids: string | null;
  /** Money refunded, in minor units of `currency`. */
  amount: number | null;
  currency: string | null;
  credits: number | null;
  reason: string;
  requested_by: number;
  created_at: number;
  decided_by: number | null;
  decided_at: number | null;
}

/** A message whose credits were given back: its primary key keeps it from being given back twice. */
export interface MessageCreditBacksTable {
  message_id: number;
  adjustment_id: number;
}

export interface SnippetsTable {
  id: Generated<number>;
  scope: SnippetScope;
  site_id: number | null;
  persona_id: number | null;
  staff_id: number | null;
  shortcut: string;
  body: string;
  created_at: number;
  updated_at: number;
}

export interface ConsoleSiteSettingsTable {
  site_id: number;
  answer_target_seconds: number;
  claim_idle_seconds: number;
  updated_at: number;
}

/** One operator reply, for the supervisor's answer figures. */
export interface ConsoleAnswersTable {
  message_id: number;
  staff_id: number;
  site_id: number;
  conversation_id: number;
  /** How long the member had waited; null when the persona wrote unasked. */
  waited_ms: number | null;
  created_at: number;
}

export interface OrdersTable {
  id: Generated<number>;
  member_id: number;
  site_id: number;
  purchase: PurchaseType;
  package_id: string | null;
  package_credits: number;
  bonus_credits: number;
  method: PaymentMethod;
  provider: PaymentProviderId;
  provider_reference: string | null;
  country: string;
  currency: string;
  /** Minor units; gross = net + vat. */
  net: number;
  vat: number;
  gross: number;
  vat_rate_bp: number;
  state: OrderState;
  return_to: string | null;
  mandate: string | null;
  created_at: number;
  updated_at: number;
  paid_at: number | null;
  discount_code_id: number | null;
  /** The code as it was applied, for the receipt and the order page. */
  discount_code: string | null;
  /** Minor units the discount code took off the gross (before the VAT split). */
  discount: Generated<number>;
  /** Credits a bonus code added on top of the package. */
  discount_credits: Generated<number>;
  subscription_id: number | null;
  /** Premium: the months this order pays for (0 for credits). */
  plan_months: Generated<number>;
  /** 1 when it renews a running membership by a month. */
  renewal: Generated<number>;
  /** A refund asked for that is less than the order (a withdrawal keeps the days used); null: all of it. */
  refund_amount: number | null;
}

export type SubscriptionState = 'pending' | 'active' | 'ended';
export type SubscriptionEnd =
  | 'account'
  | 'public_page'
  | 'renewal_failed'
  | 'spending_limit'
  | 'account_closed'
  | 'duplicate'
  | 'withdrawal'
  | 'refund';

export interface SubscriptionsTable {
  id: Generated<number>;
  member_id: number;
  site_id: number;
  plan_id: string;
  months: number;
  country: string;
  currency: string;
  renewal_amount: number;
  provider: PaymentProviderId;
  method: PaymentMethod;
  mandate: string | null;
  provider_subscription_id: string | null;
  state: SubscriptionState;
  started_at: number | null;
  current_period_end: number | null;
  renews: Generated<number>;
  cancelled_at: number | null;
  ended_by: SubscriptionEnd | null;
  withdrawn_at: number | null;
  reminded_for: number | null;
  renewing_for: number | null;
  created_at: number;
  updated_at: number;
}

export interface PaymentEventsTable {
  order_id: number;
  provider: PaymentProviderId;
  event_key: string;
  state: OrderState;
  amount: number;
  currency: string;
  received_at: number;
}

/** What a notification said that did not match its order: nothing was credited; staff look. */
export interface PaymentAnomaliesTable {
  id: Generated<number>;
  order_id: number | null;
  provider: PaymentProviderId;
  reason: string;
  payload: string;
  at: number;
}

export interface DiscountCodesTable {
  id: Generated<number>;
  site_id: number;
  /** Upper case. */
  code: string;
  kind: DiscountKind;
  /** Percent off the price, or percent more credits. */
  value: number;
  max_uses: number | null;
  uses: Generated<number>;
  valid_from: number;
  valid_until: number | null;
  per_member_once: Generated<number>;
  purpose: DiscountPurpose;
  /** A personal code's member; null when anyone on the site may use it. */
  member_id: number | null;
  created_at: number;
}

export interface DiscountRedemptionsTable {
  code_id: number;
  member_id: number;
  order_id: number;
  /** member_id where the code is once per member, else null: unique with code_id. */
  once_member_id: number | null;
  redeemed_at: number;
}

export type DataExportState = 'pending' | 'building' | 'ready';

/** A member's copy of their data (features/accounts/data-exports.ts). */
export interface DataExportsTable {
  /** Random; the download link names it. */
  id: string;
  member_id: number;
  state: DataExportState;
  /** The zip's name in the media store. */
  file: string | null;
  size: number | null;
  requested_at: number;
  claimed_at: number | null;
  ready_at: number | null;
  expires_at: number | null;
}

/** A member's two-factor login (features/accounts/two-factor.routes.ts); no row: never set up. */
export interface MemberTwoFactorTable {
  member_id: number;
  /** Sealed (platform/two-factor/totp-secret.ts); until `enabled_at` the one offered, unconfirmed. */
  secret: string;
  enabled_at: number | null;
  /** The RFC 6238 time step of the last code accepted: no code is accepted twice. */
  last_step: number | null;
  created_at: number;
}

export interface MemberRecoveryCodesTable {
  member_id: number;
  /** SHA-256 of the one-time code. */
  code_hash: string;
  used_at: number | null;
}

/** One member opening another's profile, once per UTC day (features/profile-visitors). */
export interface ProfileViewsTable {
  viewed_id: number;
  viewer_id: number;
  /** YYYY-MM-DD in UTC. */
  day: string;
  /** The latest view that day. */
  viewed_at: number;
}

export interface Database {
  sites: SitesTable;
  regions: RegionsTable;
  members: MembersTable;
  member_images: MemberImagesTable;
  sessions: SessionsTable;
  member_tracking: MemberTrackingTable;
  account_tokens: AccountTokensTable;
  mail_deliveries: MailDeliveriesTable;
  member_searches: MemberSearchesTable;
  likes: LikesTable;
  conversations: ConversationsTable;
  conversation_members: ConversationMembersTable;
  messages: MessagesTable;
  credit_ledger: CreditLedgerTable;
  notifications: NotificationsTable;
  blocks: BlocksTable;
  moderation_items: ModerationItemsTable;
  moderation_decisions: ModerationDecisionsTable;
  moderation_evidence: ModerationEvidenceTable;
  site_config_changes: SiteConfigChangesTable;
  moderation_claims: ModerationClaimsTable;
  push_subscriptions: PushSubscriptionsTable;
  app_secrets: AppSecretsTable;
  lander_visits: LanderVisitsTable;
  staff: StaffTable;
  staff_sites: StaffSitesTable;
  staff_languages: StaffLanguagesTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_sessions: StaffSessionsTable;
  audit_log: AuditLogTable;
  persona_sheets: PersonaSheetsTable;
  conversation_claims: ConversationClaimsTable;
  console_drafts: ConsoleDraftsTable;
  staff_notes: StaffNotesTable;
  snippets: SnippetsTable;
  console_site_settings: ConsoleSiteSettingsTable;
  console_answers: ConsoleAnswersTable;
  orders: OrdersTable;
  subscriptions: SubscriptionsTable;
  payment_events: PaymentEventsTable;
  payment_anomalies: PaymentAnomaliesTable;
  discount_codes: DiscountCodesTable;
  discount_redemptions: DiscountRedemptionsTable;
  member_adjustments: MemberAdjustmentsTable;
  message_credit_backs: MessageCreditBacksTable;
  data_exports: DataExportsTable;
  member_two_factor: MemberTwoFactorTable;
  member_recovery_codes: MemberRecoveryCodesTable;
  profile_views: ProfileViewsTable;
}

export type SiteRow = Selectable<SitesTable>;
export type MemberRow = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
export type StaffRow = Selectable<StaffTable>;
export type OrderRow = Selectable<OrdersTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type DiscountCodeRow = Selectable<DiscountCodesTable>;
export type NewDiscountCode = Insertable<DiscountCodesTable>;
