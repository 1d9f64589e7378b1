import { hash } from '@node-rs/argon2';
import {
  CONSOLE_VALIDATION,
  CreateStaffRequestSchema,
  StaffIdParamsSchema,
  StaffListResponseSchema,
  StaffPasswordResponseSchema,
  StaffResponseSchema,
  UpdateStaffRequestSchema,
  VALIDATION,
  type StaffMember,
} from '@rendezvous/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { invalidInput, notFound } from '../../errors.js';
import { staffActorOf } from '../../platform/audit/audit-log.js';
import { listConsoleSites } from '../../platform/staff/console-sites.js';
import { generateStaffPassword, normalizeStaffEmail } from '../../platform/staff/staff-accounts.js';
import { createConsoleStaffRepository, LastAdminError } from './console-staff.repository.js';
import { lastAdmin, requireMayChange, requireMayCreate } from './staff-policy.js';

/** Every call here changes who can do what: the permission, and a code from the last 10 minutes. */
const MANAGE = { access: 'staff', permission: 'staff.manage', reconfirm: true } as const;

/** Staff management for admins: accounts, their roles, sites and languages, their access. */
export const consoleStaffRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const staff = createConsoleStaffRepository(db);

  async function targetOf(id: number): Promise<StaffMember> {
    const member = await staff.find(id);
    if (!member) throw notFound('No such staff account');
    return member;
  }

  async function requireKnownSites(sites: readonly number[]): Promise<void> {
    const known = await listConsoleSites(db, [...new Set(sites)]);
    if (known.length !== new Set(sites).size) throw invalidInput({ sites: CONSOLE_VALIDATION.siteUnknown });
  }

  /** The last admin's refusal, raised inside the repository's transaction. */
  async function keepingAnAdmin<T>(change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } catch (error) {
      if (error instanceof LastAdminError) throw lastAdmin();
      throw error;
    }
  }

  app.get(
    '/api/console/staff',
    { config: MANAGE, schema: { response: { 200: StaffListResponseSchema } } },
    async () => ({ staff: await staff.list(), sites: await listConsoleSites(db) }),
  );

  app.post(
    '/api/console/staff',
    { config: MANAGE, schema: { body: CreateStaffRequestSchema, response: { 200: StaffPasswordResponseSchema } } },
    async (request) => {
      const input = request.body;
      requireMayCreate(request.staff.staff, input.role);
      await requireKnownSites(input.sites);
      if (await staff.emailTaken(normalizeStaffEmail(input.email))) {
        throw invalidInput({ email: VALIDATION.emailTaken });
      }
      const password = generateStaffPassword();
      const created = await staff.create(staffActorOf(request), { ...input, password });
      return { staff: created, password };
    },
  );

  app.put(
    '/api/console/staff/:id',
    {
      config: MANAGE,
      schema: { params: StaffIdParamsSchema, body: UpdateStaffRequestSchema, response: { 200: StaffResponseSchema } },
    },
    async (request) => {
      const before = await targetOf(request.params.id);
      requireMayChange(request.staff.staff, before, { role: request.body.role });
      await requireKnownSites(request.body.sites);
      return { staff: await keepingAnAdmin(() => staff.update(staffActorOf(request), before, request.body)) };
    },
  );

  for (const [action, status] of [
    ['disable', 'disabled'],
    ['enable', 'active'],
  ] as const) {
    app.post(
      `/api/console/staff/:id/${action}`,
      { config: MANAGE, schema: { params: StaffIdParamsSchema, response: { 200: StaffResponseSchema } } },
      async (request) => {
        const member = await targetOf(request.params.id);
        requireMayChange(request.staff.staff, member, { access: true });
        return { staff: await keepingAnAdmin(() => staff.setStatus(staffActorOf(request), member, status)) };
      },
    );
  }

  app.post(
    '/api/console/staff/:id/reset-two-factor',
    { config: MANAGE, schema: { params: StaffIdParamsSchema, response: { 200: StaffResponseSchema } } },
    async (request) => {
      const member = await targetOf(request.params.id);
      requireMayChange(request.staff.staff, member, { access: true });
      return { staff: await staff.resetTwoFactor(staffActorOf(request), member.id) };
    },
  );

  app.post(
    '/api/console/staff/:id/reset-password',
    { config: MANAGE, schema: { params: StaffIdParamsSchema, response: { 200: StaffPasswordResponseSchema } } },
    async (request) => {
      const member = await targetOf(request.params.id);
      requireMayChange(request.staff.staff, member, { access: true });
      const password = generateStaffPassword();
      return { staff: await staff.setPassword(staffActorOf(request), member.id, await hash(password)), password };
    },
  );
};
