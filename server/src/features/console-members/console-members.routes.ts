import {
  AccountActionResponseSchema,
  AdjustmentRequestSchema,
  AdjustmentResponseSchema,
  ApprovalParamsSchema,
  ApprovalsResponseSchema,
  CONSOLE_APPROVALS_PATH,
  CONSOLE_MEMBERS_PATH,
  MemberAdminDetailSchema,
  MemberParamsSchema,
  MemberSearchQuerySchema,
  MemberSearchResponseSchema,
  NoteRequestSchema,
  MemberExportResponseSchema,
  MemberTwoFactorResetResponseSchema,
  NoteResponseSchema,
  StaffEmailChangeRequestSchema,
  type AdjustmentRequest,
  type AuditAction,
  type PaymentProviderId,
} from '@rendezvous/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import type { OrderRow } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { recordAudit, staffActorOf, type AuditActor } from '../../platform/audit/audit-log.js';
import type { PaymentEvent } from '../../platform/payments/payment-provider.js';
import type { ProviderRegistry } from '../../platform/payments/providers.js';
import type { StaffSession } from '../../platform/staff/staff-sessions.repository.js';
import {
  createConsoleMembersRepository,
  notRefundable,
  type PreparedAdjustment,
} from './console-members.repository.js';

/**
 * What a member could do about their own account, done for them (features/accounts implements it;
 * the app hands it in, since features do not import each other).
 */
export interface MemberAccountActions {
  sendPasswordReset(memberId: number): Promise<{ site_id: number }>;
  resendActivation(memberId: number): Promise<{ site_id: number }>;
  startEmailChange(memberId: number, email: string): Promise<{ site_id: number; email: string }>;
  resetTwoFactor(memberId: number, log: FastifyBaseLogger): Promise<{ site_id: number }>;
  exportData(memberId: number): Promise<Record<string, unknown>>;
  erase(memberId: number, log: FastifyBaseLogger, within: (trx: Db) => Promise<void>): Promise<void>;
}

export interface ConsoleMembersRoutesOptions {
  db: Db;
  providers: ProviderRegistry;
  accounts: MemberAccountActions;
  /** The payments module's one processing function (docs/decisions/014), handed in by the app. */
  processing: {
    processPaymentEvents(provider: PaymentProviderId, events: readonly PaymentEvent[]): Promise<unknown>;
  };
}

const READ = { access: 'staff', permission: 'members.read' } as const;
/** Money and credits: the code again after 10 minutes, as for every sensitive action. */
const REFUND = { access: 'staff', permission: 'members.refund', reconfirm: true } as const;
const APPROVE = { access: 'staff', permission: 'refunds.approve' } as const;
const MANAGE = { access: 'staff', permission: 'members.manage' } as const;
/**
 * Another address, a login without its second step, a copy of everything about a person, or the
 * account gone: the code again.
 */
const MANAGE_SENSITIVE = { ...MANAGE, reconfirm: true } as const;
const APPROVE_SENSITIVE = { ...APPROVE, reconfirm: true } as const;

const refundFailed = (message: string) => new AppError(502, 'refund_failed', message);

/**
 * Member administration (issue 18): find a member, see everything about them, keep notes, and give
 * back what they lost: a refund through the order's provider (its events go through the one payment
 * processing, so the ledger and premium follow as for any refund), credits for messages, or a grant.
 * Each role gives back up to its daily limit; above it the request waits for an admin.
 */
export const consoleMembersRoutes: FastifyPluginAsyncZod<ConsoleMembersRoutesOptions> = async (
  app,
  { db, providers, processing, accounts },
) => {
  const members = createConsoleMembersRepository(db);

  async function prepare(memberId: number, body: AdjustmentRequest): Promise<PreparedAdjustment> {
    const member = await members.memberOf(memberId);
    const base = { memberId, siteId: member.site_id, reason: body.reason, messageIds: [], order: null };
    switch (body.kind) {
      case 'refund': {
        const order = await members.refundableOrder(memberId, body.order_id);
        const amount = body.amount ?? order.gross;
        if (amount > order.gross) throw notRefundable('A refund cannot be more than the order cost.');
        if (!providers.get(order.provider)) throw notRefundable('The payment provider of this order is not enabled.');
        return { ...base, kind: 'refund', order, amount, currency: order.currency, credits: null };
      }
      case 'credit_back': {
        const credits = await members.creditsForMessages(memberId, body.message_ids);
        return {
          ...base,
          kind: 'credit_back',
          messageIds: [...new Set(body.message_ids)],
          amount: null,
          currency: null,
          credits,
        };
      }
      case 'grant':
        return { ...base, kind: 'grant', amount: null, currency: null, credits: body.credits };
    }
  }

  /**
   * Asks the order's provider to give the money back and hands what it says to the processing. A
   * part refund is written on the order first, so the provider's event is matched against it.
   */
  async function refundAtProvider(order: OrderRow, amount: number, log: FastifyBaseLogger) {
    const provider = providers.get(order.provider);
    if (!provider) throw notRefundable('The payment provider of this order is not enabled.');
    const now = Date.now();
    if (amount !== order.gross) await members.setRefundAmount(order.id, amount, now);
    let events;
    try {
      events = await provider.refund(
        {
          orderId: order.id,
          providerReference: order.provider_reference,
          amount: { amount: order.gross, currency: order.currency },
        },
        { amount, currency: order.currency },
      );
    } catch (error) {
      log.error({ err: error, orderId: order.id }, 'console refund not started');
      if (amount !== order.gross) await members.setRefundAmount(order.id, order.refund_amount, now);
      throw refundFailed(`The provider did not start the refund: ${(error as Error).message}`);
    }
    // Committed or not, the provider has the refund: its later notification reports it again anyway.
    return async () => {
      await processing.processPaymentEvents(order.provider, events);
    };
  }

  /**
   * Asks the provider for a reserved refund: taken, it is done and audited, and its events go
   * through the processing; refused, the reservation is dropped and nothing says it happened.
   */
  async function refundReserved(
    actor: AuditActor,
    id: number,
    order: OrderRow,
    amount: number,
    log: FastifyBaseLogger,
  ) {
    let settle: () => Promise<void>;
    try {
      settle = await refundAtProvider(order, amount, log);
    } catch (error) {
      await members.dropReservation(id);
      throw error;
    }
    await members.confirmRefund(actor, id);
    await settle();
  }

  async function answer(id: number) {
    const adjustment = await members.adjustment(id);
    if (!adjustment) throw notFound('There is no such request.');
    return { adjustment };
  }

  /**
   * An operator works for the sites they are assigned to, as in the inbox: a member of another site
   * is as unknown to them as one who does not exist, for every call that names a member.
   */
  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.url?.startsWith(`${CONSOLE_MEMBERS_PATH}/:id`) || !request.staff) return;
    const { id } = request.params as { id: number };
    if (!(await members.inScope(id, await members.siteScope(request.staff.staff)))) {
      throw notFound('There is no such member.');
    }
  });

  app.get(
    CONSOLE_MEMBERS_PATH,
    { config: READ, schema: { querystring: MemberSearchQuerySchema, response: { 200: MemberSearchResponseSchema } } },
    async (request) => ({
      members: await members.search(request.query.q, await members.siteScope(request.staff.staff)),
    }),
  );

  app.get(
    `${CONSOLE_MEMBERS_PATH}/:id`,
    { config: READ, schema: { params: MemberParamsSchema, response: { 200: MemberAdminDetailSchema } } },
    async (request) => {
      const detail = await members.detail(request.params.id);
      if (!detail) throw notFound('There is no such member.');
      return detail;
    },
  );

  app.post(
    `${CONSOLE_MEMBERS_PATH}/:id/notes`,
    {
      config: READ,
      schema: { params: MemberParamsSchema, body: NoteRequestSchema, response: { 200: NoteResponseSchema } },
    },
    async (request) => ({
      note: await members.addNote(staffActorOf(request), request.params.id, request.body.body, Date.now()),
    }),
  );

  app.post(
    `${CONSOLE_MEMBERS_PATH}/:id/adjustments`,
    {
      config: REFUND,
      schema: {
        params: MemberParamsSchema,
        body: AdjustmentRequestSchema,
        response: { 200: AdjustmentResponseSchema },
      },
    },
    async (request) => {
      const actor = staffActorOf(request);
      const prepared = await prepare(request.params.id, request.body);
      const row = await members.give(actor, request.staff.staff.role, prepared, Date.now());
      if (row.status === 'reserved')
        await refundReserved(actor, row.id, prepared.order!, prepared.amount!, request.log);
      return answer(row.id);
    },
  );

  app.get(
    CONSOLE_APPROVALS_PATH,
    { config: APPROVE, schema: { response: { 200: ApprovalsResponseSchema } } },
    async () => ({ approvals: await members.pending() }),
  );

  app.post(
    `${CONSOLE_APPROVALS_PATH}/:id/approve`,
    {
      config: APPROVE_SENSITIVE,
      schema: { params: ApprovalParamsSchema, response: { 200: AdjustmentResponseSchema } },
    },
    async (request) => {
      const actor = staffActorOf(request);
      const row = await members.decide(actor, request.params.id, true, Date.now());
      if (row.status === 'reserved' && row.order_id !== null) {
        const order = await members.order(row.order_id);
        if (!order || order.state !== 'paid') {
          await members.dropReservation(row.id);
          throw notRefundable('The order is no longer paid.');
        }
        await refundReserved(actor, row.id, order, row.amount ?? order.gross, request.log);
      }
      return answer(row.id);
    },
  );

  app.post(
    `${CONSOLE_APPROVALS_PATH}/:id/refuse`,
    { config: APPROVE, schema: { params: ApprovalParamsSchema, response: { 200: AdjustmentResponseSchema } } },
    async (request) => answer((await members.decide(staffActorOf(request), request.params.id, false, Date.now())).id),
  );

  /** The account action's audit row; `trx` when it must land with the change. */
  const auditAccount = (
    request: FastifyRequest & { staff: StaffSession; params: { id: number } },
    action: AuditAction,
    siteId: number,
    detail?: Record<string, unknown>,
    trx: Db = db,
  ) =>
    recordAudit(trx, staffActorOf(request), {
      action,
      target: { type: 'member', id: request.params.id },
      siteId,
      detail,
    });

  /** The two mails of a link the member asked support for: a new password, or the activation again. */
  const MAILED_LINKS = [
    ['password-reset', (id: number) => accounts.sendPasswordReset(id), 'member.password_reset'],
    ['activation', (id: number) => accounts.resendActivation(id), 'member.activation_resent'],
  ] as const;
  for (const [path, send, action] of MAILED_LINKS) {
    app.post(
      `${CONSOLE_MEMBERS_PATH}/:id/${path}`,
      { config: MANAGE, schema: { params: MemberParamsSchema, response: { 200: AccountActionResponseSchema } } },
      async (request) => {
        const member = await send(request.params.id);
        await auditAccount(request, action, member.site_id);
        return { done: true as const };
      },
    );
  }

  app.post(
    `${CONSOLE_MEMBERS_PATH}/:id/email-change`,
    {
      config: MANAGE_SENSITIVE,
      schema: {
        params: MemberParamsSchema,
        body: StaffEmailChangeRequestSchema,
        response: { 200: AccountActionResponseSchema },
      },
    },
    async (request) => {
      const member = await accounts.startEmailChange(request.params.id, request.body.email);
      await auditAccount(request, 'member.email_change', member.site_id, {
        from: member.email,
        to: request.body.email,
      });
      return { done: true as const };
    },
  );

  app.post(
    `${CONSOLE_MEMBERS_PATH}/:id/two-factor-reset`,
    {
      config: MANAGE_SENSITIVE,
      schema: { params: MemberParamsSchema, response: { 200: MemberTwoFactorResetResponseSchema } },
    },
    async (request) => {
      const member = await accounts.resetTwoFactor(request.params.id, request.log);
      await auditAccount(request, 'member.two_factor_reset', member.site_id);
      return { done: true as const };
    },
  );

  app.post(
    `${CONSOLE_MEMBERS_PATH}/:id/export`,
    { config: MANAGE_SENSITIVE, schema: { params: MemberParamsSchema, response: { 200: MemberExportResponseSchema } } },
    async (request) => {
      const member = await members.memberOf(request.params.id);
      const data = await accounts.exportData(request.params.id);
      await auditAccount(request, 'member.export', member.site_id);
      return { exported_at: Date.now(), data };
    },
  );

  app.post(
    `${CONSOLE_MEMBERS_PATH}/:id/delete`,
    {
      config: MANAGE_SENSITIVE,
      schema: { params: MemberParamsSchema, response: { 200: AccountActionResponseSchema } },
    },
    async (request) => {
      const member = await members.memberOf(request.params.id);
      await accounts.erase(request.params.id, request.log, (trx) =>
        auditAccount(request, 'member.delete', member.site_id, undefined, trx),
      );
      return { done: true as const };
    },
  );
};
