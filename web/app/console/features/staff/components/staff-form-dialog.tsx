import {
  CreateStaffRequestSchema,
  LOCALES,
  STAFF_ROLES,
  StaffCapacitySchema,
  VALIDATION,
  roleCovers,
  type ConsoleSite,
  type StaffMember,
  type StaffRole,
} from '@rendezvous/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormSelectField, FormTextField } from '../../../../components/forms/form-fields';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { Modal } from '../../../../components/ui/modal';
import { useApiForm } from '../../../../lib/forms/use-api-form';
import { CheckboxGroupField } from '../../../components/checkbox-group-field';
import { useReconfirmed } from '../../../components/reconfirm';
import { createStaff, updateStaff } from '../api/staff-calls';
import { staffFailureOf } from './staff-failure';

/** The contract's account, with the capacity as the text of its input. */
const StaffFormSchema = CreateStaffRequestSchema.extend({
  capacity: z.coerce.number<string>(VALIDATION.choice).pipe(StaffCapacitySchema),
});

/** A new account (with the password to hand over), or the changes to one. */
export function StaffFormDialog({
  actorRole,
  member,
  sites,
  onClose,
  onCreated,
  onSaved,
}: {
  actorRole: StaffRole;
  /** The account to change; none to create one. */
  member: StaffMember | null;
  sites: readonly ConsoleSite[];
  onClose: () => void;
  onCreated: (member: StaffMember, password: string) => void;
  onSaved: (member: StaffMember) => void;
}) {
  const { t } = useTranslation();
  const reconfirmed = useReconfirmed();
  const formId = useId();
  const { control, onSubmit, busy, failure } = useApiForm<
    z.input<typeof StaffFormSchema>,
    z.output<typeof StaffFormSchema>
  >({
    defaultValues: {
      email: member?.email ?? '',
      name: member?.name ?? '',
      role: member?.role ?? 'operator',
      sites: member?.sites ?? [],
      languages: member?.languages ?? [],
      capacity: String(member?.capacity ?? 5),
    },
    resolver: zodResolver(StaffFormSchema),
    send: async ({ email, ...assignment }) => {
      if (member) {
        onSaved((await reconfirmed(() => updateStaff(member.id, assignment))).staff);
      } else {
        const created = await reconfirmed(() => createStaff({ email, ...assignment }));
        onCreated(created.staff, created.password);
      }
    },
    failureOf: staffFailureOf,
  });
  // Nobody hands out a role with rights their own lacks; the server holds to it too.
  const roles = STAFF_ROLES.filter((role) => roleCovers(actorRole, role));

  return (
    <Modal
      open
      onClose={onClose}
      title={member ? t('console.staff.form.edit_title', { name: member.name }) : t('console.staff.form.create_title')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('console.staff.form.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {t(member ? 'console.staff.form.submit_edit' : 'console.staff.form.submit_create')}
          </Button>
        </>
      }
    >
      <form id={formId} className="space-y-4" onSubmit={onSubmit} noValidate>
        {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
        <FormTextField
          control={control}
          name="email"
          type="email"
          label={t('console.staff.form.email')}
          autoComplete="off"
          readOnly={member !== null}
          trim
          required
        />
        <FormTextField control={control} name="name" label={t('console.staff.form.name')} trim required />
        <FormSelectField
          control={control}
          name="role"
          label={t('console.staff.form.role')}
          options={roles.map((role) => ({ value: role, label: t(`console.roles.${role}`) }))}
          required
        />
        <CheckboxGroupField
          control={control}
          name="sites"
          legend={t('console.staff.form.sites')}
          options={sites.map((site) => ({ value: site.id, label: site.name }))}
          verbatim
        />
        <CheckboxGroupField
          control={control}
          name="languages"
          legend={t('console.staff.form.languages')}
          options={LOCALES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
        />
        <FormTextField
          control={control}
          name="capacity"
          type="number"
          inputMode="numeric"
          min={0}
          label={t('console.staff.form.capacity')}
          hint={t('console.staff.form.capacity_hint')}
          required
        />
      </form>
    </Modal>
  );
}
