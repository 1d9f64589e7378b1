import {
  AdjustmentRequestSchema,
  VALIDATION,
  type Adjustment,
  type AdjustmentRequest,
  type MemberAdminDetail,
} from '@rendezvous/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormSelectField, FormTextField, FormTextareaField } from '../../../../components/forms/form-fields';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { minorUnitDigits } from '../../../../lib/format-money';
import { useApiForm } from '../../../../lib/forms/use-api-form';
import { CheckboxGroupField } from '../../../components/checkbox-group-field';
import { useReconfirmed } from '../../../components/reconfirm';
import { formatMinorMoney, useRegional } from '../../../lib/regional';
import { MEMBERS_KEY, APPROVALS_KEY, adjustMember } from '../api/member-calls';
import { memberFailureOf } from '../lib/member-failure';

const [refundRule, creditBackRule, grantRule] = AdjustmentRequestSchema.options;
const reason = refundRule.shape.reason;

/** Money as typed, in the currency's main unit ("9.95", "9,95"); empty: the whole order. */
const RefundFormSchema = z.object({
  order_id: z.string().min(1, VALIDATION.required),
  amount: z
    .string()
    .trim()
    .regex(/^(\d+([.,]\d{1,3})?)?$/, VALIDATION.choice),
  reason,
});
type RefundFormValues = z.input<typeof RefundFormSchema>;

const CreditBackFormSchema = z.object({ message_ids: creditBackRule.shape.message_ids, reason });
type CreditBackFormValues = z.input<typeof CreditBackFormSchema>;

const GrantFormSchema = z.object({
  credits: z.string().trim().min(1, VALIDATION.required).pipe(z.coerce.number<string>()).pipe(grantRule.shape.credits),
  reason,
});
type GrantFormValues = z.input<typeof GrantFormSchema>;

/** Minor units of a main-unit amount in `currency` ("9,95" EUR → 995). */
function minorOf(text: string, currency: string): number {
  return Math.round(Number(text.replace(',', '.')) * 10 ** minorUnitDigits(currency));
}

/**
 * Sends an adjustment (the code again if the last is old) and says what became of it: made at once,
 * or waiting for an admin because it goes over the sender's daily limit.
 */
function useAdjust(memberId: number, onDone: (adjustment: Adjustment) => void) {
  const reconfirmed = useReconfirmed();
  const queryClient = useQueryClient();
  return async (body: AdjustmentRequest) => {
    const { adjustment } = await reconfirmed(() => adjustMember(memberId, body));
    await queryClient.invalidateQueries({ queryKey: MEMBERS_KEY });
    await queryClient.invalidateQueries({ queryKey: APPROVALS_KEY });
    onDone(adjustment);
  };
}

type Done = (adjustment: Adjustment) => void;

/** Refund a paid order through its provider, all of it or a part. */
export function RefundForm({ member, onDone }: { member: MemberAdminDetail; onDone: Done }) {
  const { t } = useTranslation();
  const regional = useRegional();
  const adjust = useAdjust(member.account.id, onDone);
  const paid = member.orders.filter((order) => order.state === 'paid');
  const { form, control, onSubmit, busy, failure } = useApiForm<RefundFormValues, z.output<typeof RefundFormSchema>>({
    defaultValues: { order_id: '', amount: '', reason: '' },
    resolver: zodResolver(RefundFormSchema),
    send: async (values) => {
      const order = paid.find((candidate) => String(candidate.id) === values.order_id);
      if (!order) return;
      await adjust({
        kind: 'refund',
        order_id: order.id,
        ...(values.amount ? { amount: minorOf(values.amount, order.currency) } : {}),
        reason: values.reason,
      });
      form.reset();
    },
    failureOf: memberFailureOf,
  });
  if (paid.length === 0) return <p className="text-ink-muted">{t('console.members.refund.none')}</p>;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('console.members.refund.title')} className="space-y-3">
      {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
      <FormSelectField
        control={control}
        name="order_id"
        label={t('console.members.refund.order')}
        placeholder={t('console.members.refund.choose_order')}
        options={paid.map((order) => ({
          value: String(order.id),
          label: t('console.members.refund.order_option', {
            id: order.id,
            amount: formatMinorMoney(order.gross, order.currency, regional),
          }),
        }))}
      />
      <FormTextField
        control={control}
        name="amount"
        inputMode="decimal"
        label={t('console.members.refund.amount')}
        hint={t('console.members.refund.amount_hint')}
      />
      <FormTextareaField control={control} name="reason" label={t('console.members.adjust.reason')} rows={2} />
      <Button type="submit" loading={busy}>
        {t('console.members.refund.submit')}
      </Button>
    </form>
  );
}

/** Credits back for paid messages the member names (no answer, a fake profile): each message once. */
export function CreditBackForm({ member, onDone }: { member: MemberAdminDetail; onDone: Done }) {
  const { t } = useTranslation();
  const adjust = useAdjust(member.account.id, onDone);
  const open = member.paid_messages.filter((message) => !message.credited_back);
  const { form, control, onSubmit, busy, failure } = useApiForm<
    CreditBackFormValues,
    z.output<typeof CreditBackFormSchema>
  >({
    defaultValues: { message_ids: [], reason: '' },
    resolver: zodResolver(CreditBackFormSchema),
    send: async (values) => {
      await adjust({ kind: 'credit_back', ...values });
      form.reset();
    },
    failureOf: memberFailureOf,
  });
  if (open.length === 0) return <p className="text-ink-muted">{t('console.members.credit_back.none')}</p>;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('console.members.credit_back.title')} className="space-y-3">
      {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
      <CheckboxGroupField
        control={control}
        name="message_ids"
        legend={t('console.members.credit_back.messages')}
        verbatim
        options={open.map((message) => ({
          value: message.id,
          label: t('console.members.credit_back.message', {
            to: message.to,
            body: message.body.slice(0, 60),
            credits: message.credits,
          }),
        }))}
      />
      <FormTextareaField control={control} name="reason" label={t('console.members.adjust.reason')} rows={2} />
      <Button type="submit" loading={busy}>
        {t('console.members.credit_back.submit')}
      </Button>
    </form>
  );
}

/** Credits given by hand, with the reason on record. */
export function GrantForm({ member, onDone }: { member: MemberAdminDetail; onDone: Done }) {
  const { t } = useTranslation();
  const adjust = useAdjust(member.account.id, onDone);
  const { form, control, onSubmit, busy, failure } = useApiForm<GrantFormValues, z.output<typeof GrantFormSchema>>({
    defaultValues: { credits: '', reason: '' },
    resolver: zodResolver(GrantFormSchema),
    send: async (values) => {
      await adjust({ kind: 'grant', ...values });
      form.reset();
    },
    failureOf: memberFailureOf,
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('console.members.grant.title')} className="space-y-3">
      {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
      <FormTextField control={control} name="credits" inputMode="numeric" label={t('console.members.grant.credits')} />
      <FormTextareaField control={control} name="reason" label={t('console.members.adjust.reason')} rows={2} />
      <Button type="submit" loading={busy}>
        {t('console.members.grant.submit')}
      </Button>
    </form>
  );
}
