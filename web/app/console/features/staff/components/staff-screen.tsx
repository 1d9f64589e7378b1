import type { ConsoleMe, ConsoleSite, StaffMember } from '@rendezvous/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ConsoleTable } from '../../../components/console-table';
import { ActionGroup } from '../../../components/action-group';
import { LoadState } from '../../../components/load-state';
import { ReconfirmCancelled, useReconfirmed } from '../../../components/reconfirm';
import { formatDateTime, useRegional } from '../../../lib/regional';
import { resetStaffPassword, runStaffAction, staffQueryOptions, type StaffAction } from '../api/staff-calls';
import { staffFailureOf } from './staff-failure';
import { StaffFormDialog } from './staff-form-dialog';

type Dialog =
  | { kind: 'form'; member: StaffMember | null }
  | { kind: 'confirm'; member: StaffMember; action: StaffAction }
  | { kind: 'password'; member: StaffMember; password: string };

/** Staff accounts for an admin: who they are, what they may do, and their access. */
export function StaffScreen({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation();
  const reconfirmed = useReconfirmed();
  const queryClient = useQueryClient();
  const options = staffQueryOptions(reconfirmed);
  const staff = useQuery(options);
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const replace = (member: StaffMember) =>
    queryClient.setQueryData(options.queryKey, (list) =>
      list ? { ...list, staff: [...list.staff.filter((other) => other.id !== member.id), member] } : list,
    );

  return (
    <section aria-labelledby="console-staff-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="console-staff-title" className="heading text-2xl">
          {t('console.staff.title')}
        </h1>
        <Button onClick={() => setDialog({ kind: 'form', member: null })} disabled={!staff.isSuccess}>
          {t('console.staff.add')}
        </Button>
      </div>
      <LoadState
        query={staff}
        failure={staff.error instanceof ReconfirmCancelled ? 'console.reconfirm.needed' : 'console.load_failed'}
      />
      {staff.isSuccess ? (
        <StaffTable
          me={me}
          staff={[...staff.data.staff].sort((a, b) => a.name.localeCompare(b.name))}
          sites={staff.data.sites}
          onEdit={(member) => setDialog({ kind: 'form', member })}
          onAction={(member, action) => setDialog({ kind: 'confirm', member, action })}
        />
      ) : null}

      {dialog?.kind === 'form' && staff.isSuccess ? (
        <StaffFormDialog
          actorRole={me.role}
          member={dialog.member}
          sites={staff.data.sites}
          onClose={() => setDialog(null)}
          onCreated={(member, password) => {
            replace(member);
            setDialog({ kind: 'password', member, password });
          }}
          onSaved={(member) => {
            replace(member);
            setDialog(null);
          }}
        />
      ) : null}
      {dialog?.kind === 'confirm' ? (
        <ConfirmActionDialog
          member={dialog.member}
          action={dialog.action}
          onClose={() => setDialog(null)}
          onDone={(member, password) => {
            replace(member);
            setDialog(password === undefined ? null : { kind: 'password', member, password });
          }}
        />
      ) : null}
      {dialog?.kind === 'password' ? (
        <Modal
          open
          onClose={() => setDialog(null)}
          title={t('console.staff.password_title', { name: dialog.member.name })}
          footer={<Button onClick={() => setDialog(null)}>{t('console.staff.done')}</Button>}
        >
          <p>{t('console.staff.password_intro')}</p>
          <p
            className="mt-4 text-center font-mono text-2xl"
            translate="no"
            aria-label={t('console.staff.password_label')}
          >
            {dialog.password}
          </p>
        </Modal>
      ) : null}
    </section>
  );
}

const STAFF_COLUMNS = ['name', 'role', 'access', 'status', 'actions'] as const;

function StaffTable({
  me,
  staff,
  sites,
  onEdit,
  onAction,
}: {
  me: ConsoleMe;
  staff: readonly StaffMember[];
  sites: readonly ConsoleSite[];
  onEdit: (member: StaffMember) => void;
  onAction: (member: StaffMember, action: StaffAction) => void;
}) {
  const { t } = useTranslation();
  const regional = useRegional();
  const siteName = (id: number) => sites.find((site) => site.id === id)?.name ?? String(id);

  return (
    <ConsoleTable
      caption={t('console.staff.title')}
      columns={STAFF_COLUMNS.map((column) => t(`console.staff.table.${column}`))}
      className="min-w-[48rem]"
    >
      {staff.map((member) => {
        const self = member.id === me.id;
        return (
          <tr key={member.id} className="border-b border-line align-top">
            <th scope="row" className="py-3 pe-3 font-normal">
              <span className="font-semibold" translate="no">
                {member.name}
              </span>
              {self ? ` ${t('console.staff.you')}` : null}
              <br />
              <span className="text-sm text-ink-muted" translate="no">
                {member.email}
              </span>
            </th>
            <td className="py-3 pe-3">{t(`console.roles.${member.role}`)}</td>
            <td className="py-3 pe-3 text-sm">
              {member.sites.length > 0 ? (
                <span translate="no">{member.sites.map(siteName).join(', ')}</span>
              ) : (
                t('console.home.none')
              )}
              <br />
              {member.languages.map((language) => t(`languages.${language}`)).join(', ') || t('console.home.none')}
              <br />
              {t('console.staff.table.capacity', { capacity: member.capacity })}
            </td>
            <td className="py-3 pe-3 text-sm">
              {t(`console.staff.status.${member.status}`)}
              <br />
              {t(member.two_factor ? 'console.staff.two_factor.on' : 'console.staff.two_factor.off')}
              <br />
              {member.last_seen_at === null
                ? t('console.staff.never_seen')
                : t('console.staff.last_seen', { time: formatDateTime(member.last_seen_at, regional) })}
            </td>
            <td className="py-3">
              <ActionGroup label={t('console.staff.actions.label', { name: member.name })}>
                <Button size="sm" variant="secondary" onClick={() => onEdit(member)}>
                  {t('console.staff.actions.edit')}
                </Button>
                {/* One's own access is for another admin to change; the server refuses it too. */}
                {self ? null : (
                  <>
                    <Button
                      size="sm"
                      variant={member.status === 'active' ? 'danger' : 'secondary'}
                      onClick={() => onAction(member, member.status === 'active' ? 'disable' : 'enable')}
                    >
                      {t(member.status === 'active' ? 'console.staff.actions.disable' : 'console.staff.actions.enable')}
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => onAction(member, 'reset-two-factor')}>
                      {t('console.staff.actions.reset-two-factor')}
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => onAction(member, 'reset-password')}>
                      {t('console.staff.actions.reset-password')}
                    </Button>
                  </>
                )}
              </ActionGroup>
            </td>
          </tr>
        );
      })}
    </ConsoleTable>
  );
}

function ConfirmActionDialog({
  member,
  action,
  onClose,
  onDone,
}: {
  member: StaffMember;
  action: StaffAction;
  onClose: () => void;
  onDone: (member: StaffMember, password?: string) => void;
}) {
  const { t } = useTranslation();
  const reconfirmed = useReconfirmed();

  const confirm = async () => {
    if (action === 'reset-password') {
      const { staff, password } = await reconfirmed(() => resetStaffPassword(member.id));
      onDone(staff, password);
    } else {
      onDone((await reconfirmed(() => runStaffAction(member.id, action))).staff);
    }
  };

  return (
    <ConfirmDialog
      title={t(`console.staff.actions.${action}`)}
      cancelLabel={t('console.staff.form.cancel')}
      confirmLabel={t('console.staff.confirm')}
      confirmVariant={action === 'enable' ? 'primary' : 'danger'}
      onClose={onClose}
      onConfirm={confirm}
      failureOf={staffFailureOf}
    >
      <p>{t(`console.staff.confirm_${action}`, { name: member.name })}</p>
    </ConfirmDialog>
  );
}
