import { isLocale, type StaffMember, type StaffRole } from '@rendezvous/contract';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import { dialectOf } from '../../db/dialect.js';
import type { Database, StaffStatus } from '../../db/schema.js';
import { recordAudit, type AuditActor } from '../../platform/audit/audit-log.js';
import { insertStaffAccount, replaceStaffAssignments } from '../../platform/staff/staff-accounts.js';

type Trx = Transaction<Database>;

export interface StaffAssignment {
  name: string;
  role: StaffRole;
  sites: number[];
  languages: string[];
  capacity: number;
}

/** Refused inside the transaction, where the count of admins cannot change under it. */
export class LastAdminError extends Error {}

const STAFF_COLUMNS = [
  'id',
  'email',
  'name',
  'role',
  'capacity',
  'status',
  'totp_enrolled_at',
  'created_at',
  'last_seen_at',
] as const;

export function createConsoleStaffRepository(db: Db) {
  async function load(executor: Db | Trx, ids?: number[]): Promise<StaffMember[]> {
    let query = executor.selectFrom('staff').select(STAFF_COLUMNS).orderBy('name').orderBy('id');
    if (ids) query = query.where('id', 'in', ids);
    const rows = await query.execute();
    if (rows.length === 0) return [];
    const staffIds = rows.map((row) => row.id);
    const sites = await executor
      .selectFrom('staff_sites')
      .select(['staff_id', 'site_id'])
      .where('staff_id', 'in', staffIds)
      .orderBy('site_id')
      .execute();
    const languages = await executor
      .selectFrom('staff_languages')
      .select(['staff_id', 'language'])
      .where('staff_id', 'in', staffIds)
      .orderBy('language')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role,
      sites: sites.filter((site) => site.staff_id === row.id).map((site) => site.site_id),
      languages: languages
        .filter((language) => language.staff_id === row.id)
        .map((language) => language.language)
        .filter(isLocale),
      capacity: row.capacity,
      status: row.status,
      two_factor: row.totp_enrolled_at !== null,
      created_at: row.created_at,
      last_seen_at: row.last_seen_at,
    }));
  }

  async function loadOne(executor: Db | Trx, id: number): Promise<StaffMember> {
    const [member] = await load(executor, [id]);
    if (!member) throw new Error(`staff ${id} vanished inside its own transaction`);
    return member;
  }

  /**
   * Refuses a change that leaves no active admin. The active admins are locked first (PostgreSQL;
   * SQLite runs one write transaction at a time), so two admins disabling each other at once
   * cannot both succeed.
   */
  async function keepAnAdmin(trx: Trx, losing: number): Promise<void> {
    let query = trx.selectFrom('staff').select('id').where('role', '=', 'admin').where('status', '=', 'active');
    if (dialectOf<Database>(trx) === 'postgres') query = query.forUpdate();
    const admins = await query.execute();
    if (!admins.some((admin) => admin.id !== losing)) throw new LastAdminError();
  }

  const endSessions = (trx: Trx, staffId: number) =>
    trx.deleteFrom('staff_sessions').where('staff_id', '=', staffId).execute();

  const target = { type: 'staff' as const };

  return {
    list: () => load(db),

    async find(id: number): Promise<StaffMember | undefined> {
      const [member] = await load(db, [id]);
      return member;
    },

    async emailTaken(normalizedEmail: string): Promise<boolean> {
      const row = await db
        .selectFrom('staff')
        .select('id')
        .where('email_normalized', '=', normalizedEmail)
        .executeTakeFirst();
      return row !== undefined;
    },

    async create(
      actor: AuditActor,
      account: StaffAssignment & { email: string; password: string },
    ): Promise<StaffMember> {
      return db.transaction().execute(async (trx) => {
        const id = await insertStaffAccount(trx, account);
        await recordAudit(trx, actor, {
          action: 'staff.create',
          target: { ...target, id },
          detail: {
            email: account.email,
            role: account.role,
            sites: account.sites,
            languages: account.languages,
            capacity: account.capacity,
          },
        });
        return loadOne(trx, id);
      });
    },

    /** Changes name, role, sites, languages and capacity; one audit row lists what changed, none if nothing did. */
    async update(actor: AuditActor, before: StaffMember, after: StaffAssignment): Promise<StaffMember> {
      return db.transaction().execute(async (trx) => {
        if (before.role === 'admin' && after.role !== 'admin' && before.status === 'active') {
          await keepAnAdmin(trx, before.id);
        }
        const changes: Record<string, [unknown, unknown]> = {};
        const sameSet = (a: readonly unknown[], b: readonly unknown[]) =>
          new Set(a).size === new Set(b).size && a.every((item) => b.includes(item));
        if (before.name !== after.name) changes.name = [before.name, after.name];
        if (before.role !== after.role) changes.role = [before.role, after.role];
        if (before.capacity !== after.capacity) changes.capacity = [before.capacity, after.capacity];
        if (!sameSet(before.sites, after.sites)) changes.sites = [before.sites, [...new Set(after.sites)]];
        if (!sameSet(before.languages, after.languages)) {
          changes.languages = [before.languages, [...new Set(after.languages)]];
        }
        if (Object.keys(changes).length === 0) return before;
        await trx
          .updateTable('staff')
          .set({ name: after.name, role: after.role, capacity: after.capacity })
          .where('id', '=', before.id)
          .execute();
        await replaceStaffAssignments(trx, before.id, after);
        await recordAudit(trx, actor, {
          action: 'staff.update',
          target: { ...target, id: before.id },
          detail: changes,
        });
        return loadOne(trx, before.id);
      });
    },

    /** Disabling ends the account's sessions at once; enabling lets it log in again. */
    async setStatus(actor: AuditActor, member: StaffMember, status: StaffStatus): Promise<StaffMember> {
      return db.transaction().execute(async (trx) => {
        if (member.status === status) return member;
        if (status === 'disabled') {
          if (member.role === 'admin') await keepAnAdmin(trx, member.id);
          await endSessions(trx, member.id);
        }
        await trx.updateTable('staff').set({ status }).where('id', '=', member.id).execute();
        await recordAudit(trx, actor, {
          action: status === 'disabled' ? 'staff.disable' : 'staff.enable',
          target: { ...target, id: member.id },
        });
        return loadOne(trx, member.id);
      });
    },

    /** A lost phone: the account enrols a new app at its next login; its recovery codes go with the old one. */
    async resetTwoFactor(actor: AuditActor, memberId: number): Promise<StaffMember> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('staff')
          .set({ totp_secret: null, totp_enrolled_at: null, totp_last_step: null })
          .where('id', '=', memberId)
          .execute();
        await trx.deleteFrom('staff_recovery_codes').where('staff_id', '=', memberId).execute();
        await endSessions(trx, memberId);
        await recordAudit(trx, actor, { action: 'staff.two_factor_reset', target: { ...target, id: memberId } });
        return loadOne(trx, memberId);
      });
    },

    async setPassword(actor: AuditActor, memberId: number, passwordHash: string): Promise<StaffMember> {
      return db.transaction().execute(async (trx) => {
        await trx.updateTable('staff').set({ password_hash: passwordHash }).where('id', '=', memberId).execute();
        await endSessions(trx, memberId);
        await recordAudit(trx, actor, { action: 'staff.password_reset', target: { ...target, id: memberId } });
        return loadOne(trx, memberId);
      });
    },
  };
}
