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
}

export interface RegionsTable {
  id: Generated<number>;
  country: string;
  code: string;
  name: string;
}

export type MemberStatus = 'not_confirmed' | 'active' | 'deleted' | 'banned';

export interface MembersTable {
  id: Generated<number>;
  site_id: number;
  email: string;
  email_normalized: string;
  name: string;
  password_hash: string | null;
  status: MemberStatus;
  fictional: Generated<number>;
  paid_user: Generated<number>;
  mailprovider: Generated<number>;
  language: string;
  gender: 'male' | 'female' | null;
  date_of_birth: string | null;
  country: string | null;
  countryregion: number | null;
  city: string | null;
  personal: Generated<string>;
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
}

export interface SessionsTable {
  /** SHA-256 of the cookie token, so a copy of the table opens no session. */
  id: string;
  member_id: number;
  created_at: number;
  expires_at: number;
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
}

export type SiteRow = Selectable<SitesTable>;
export type MemberRow = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
