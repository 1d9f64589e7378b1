import {
  StaffEmailChangeRequestSchema,
  type MemberAdminDetail,
  type StaffEmailChangeRequest,
} from '@rendezvous/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../../components/forms/form-fields';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { Section } from '../../../../components/ui/section';
import { useApiForm } from '../../../../lib/forms/use-api-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { NoticeStatus, type ConsoleNotice } from '../../../components/notice-status';
import { useReconfirmed } from '../../../components/reconfirm';
import { saveFile } from '../../../lib/save-file';
import {
  MEMBERS_KEY,
  changeMemberEmail,
  deleteMember,
  exportMember,
  resendActivation,
  resetMemberTwoFactor,
  sendPasswordReset,
} from '../api/member-calls';
import { memberFailureOf } from '../lib/member-failure';

/** What the member could do about their own account, done for them when they ask support. */
export function AccountActions({ member }: { member: MemberAdminDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reconfirmed = useReconfirmed();
  const [notice, setNotice] = useState<ConsoleNotice | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [resettingTwoFactor, setResettingTwoFactor] = useState(false);
  const { id, status } = member.account;
  const canLogIn = !member.account.fictional && (status === 'active' || status === 'not_confirmed');

  const action = useMutation({
    mutationFn: async (which: 'password_reset' | 'activation' | 'export') => {
      if (which === 'password_reset') await sendPasswordReset(id);
      if (which === 'activation') await resendActivation(id);
      if (which === 'export') {
        const exported = await reconfirmed(() => exportMember(id));
        saveFile(JSON.stringify(exported, null, 2), 'application/json', `member-${id}.json`);
      }
      return which;
    },
    onMutate: () => setNotice(null),
    onSuccess: (which) => setNotice({ key: `console.members.actions.done_${which}` }),
    onError: (error) => setNotice({ key: memberFailureOf(error) }),
  });

  const { form, control, onSubmit, busy, failure } = useApiForm<StaffEmailChangeRequest, StaffEmailChangeRequest>({
    defaultValues: { email: '' },
    resolver: zodResolver(StaffEmailChangeRequestSchema),
    send: async (values) => {
      await reconfirmed(() => changeMemberEmail(id, values));
      setNotice({ key: 'console.members.actions.done_email_change', values: { email: values.email } });
      form.reset();
    },
    failureOf: memberFailureOf,
  });

  return (
    <Section title={t('console.members.actions.title')}>
      <NoticeStatus notice={notice} />
      <div className="flex flex-wrap gap-2">
        {canLogIn ? (
          <Button variant="secondary" onClick={() => action.mutate('password_reset')}>
            {t('console.members.actions.password_reset')}
          </Button>
        ) : null}
        {canLogIn && status === 'not_confirmed' ? (
          <Button variant="secondary" onClick={() => action.mutate('activation')}>
            {t('console.members.actions.activation')}
          </Button>
        ) : null}
        {canLogIn && member.account.two_factor ? (
          <Button variant="secondary" onClick={() => setResettingTwoFactor(true)}>
            {t('console.members.actions.two_factor_reset')}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => action.mutate('export')}>
          {t('console.members.actions.export')}
        </Button>
        {status !== 'deleted' && !member.account.fictional ? (
          <Button variant="danger" onClick={() => setDeleting(true)}>
            {t('console.members.actions.delete')}
          </Button>
        ) : null}
      </div>
      {canLogIn ? (
        <form
          onSubmit={onSubmit}
          noValidate
          aria-label={t('console.members.actions.email_title')}
          className="space-y-2"
        >
          {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
          <FormTextField
            control={control}
            name="email"
            type="email"
            label={t('console.members.actions.email_label')}
            hint={t('console.members.actions.email_hint')}
          />
          <Button type="submit" variant="secondary" loading={busy}>
            {t('console.members.actions.email_submit')}
          </Button>
        </form>
      ) : null}
      {resettingTwoFactor ? (
        <ConfirmDialog
          title={t('console.members.actions.two_factor_title', { name: member.account.name })}
          cancelLabel={t('console.members.actions.two_factor_cancel')}
          confirmLabel={t('console.members.actions.two_factor_confirm')}
          onClose={() => setResettingTwoFactor(false)}
          failureOf={memberFailureOf}
          onConfirm={async () => {
            await reconfirmed(() => resetMemberTwoFactor(id));
            setResettingTwoFactor(false);
            setNotice({ key: 'console.members.actions.done_two_factor_reset' });
            await queryClient.invalidateQueries({ queryKey: MEMBERS_KEY });
          }}
        >
          <p>{t('console.members.actions.two_factor_intro')}</p>
        </ConfirmDialog>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t('console.members.actions.delete_title', { name: member.account.name })}
          cancelLabel={t('console.members.actions.delete_cancel')}
          confirmLabel={t('console.members.actions.delete_confirm')}
          onClose={() => setDeleting(false)}
          failureOf={memberFailureOf}
          onConfirm={async () => {
            await reconfirmed(() => deleteMember(id));
            setDeleting(false);
            setNotice({ key: 'console.members.actions.done_delete' });
            await queryClient.invalidateQueries({ queryKey: MEMBERS_KEY });
          }}
        >
          <p>{t('console.members.actions.delete_intro')}</p>
        </ConfirmDialog>
      ) : null}
    </Section>
  );
}
