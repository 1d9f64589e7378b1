import { REPORT_NOTE_MAX_LENGTH, REPORT_REASONS, type ReportReason } from '@rendezvous/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSelectField, FormTextareaField } from '../../../components/forms/form-fields';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Modal } from '../../../components/ui/modal';
import { useApiForm } from '../../../lib/forms/use-api-form';
import { reportMember } from '../api/safety-calls';

// Checked by rules rather than the contract's schema: a profile page loads no zod.
const isReason = (value: string): value is ReportReason => REPORT_REASONS.some((known) => known === value);
const REASON_RULES = { validate: (reason: string) => isReason(reason) || 'safety.reason_required' };

export interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  profile: { id: number; name: string };
  /** Reported from a conversation: the operator reads it with the report. */
  conversationId?: number;
}

export function ReportDialog({ open, onClose, profile, conversationId }: ReportDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [done, setDone] = useState(false);
  const { form, control, onSubmit, reset, busy, failure } = useApiForm({
    defaultValues: { reason: '', note: '' },
    send: async ({ reason, note }) => {
      // The rules have checked it already; this tells the types.
      if (!isReason(reason)) return;
      const trimmed = note.trim();
      await reportMember({
        profile: profile.id,
        conversation: conversationId,
        reason,
        note: trimmed === '' ? undefined : trimmed,
      });
      setDone(true);
    },
    failureOf: (error) => {
      console.warn('Could not send the report', error);
      return 'safety.report_failed';
    },
  });

  const close = () => {
    onClose();
    // Next time the dialog starts empty.
    reset();
    setDone(false);
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('safety.report_title', { name: profile.name })}
      footer={
        done ? (
          <Button onClick={close}>{t('safety.close')}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close}>
              {t('safety.cancel')}
            </Button>
            <Button type="submit" form={formId} loading={busy}>
              {t('safety.report_submit')}
            </Button>
          </>
        )
      }
    >
      {done ? (
        <p role="status">{t('safety.report_done')}</p>
      ) : (
        <form id={formId} className="space-y-4" onSubmit={onSubmit} noValidate>
          <p>{t('safety.report_intro', { name: profile.name })}</p>
          <FormSelectField
            control={control}
            rules={REASON_RULES}
            onEdit={() => form.clearErrors('reason')}
            label={t('safety.reason_label')}
            name="reason"
            required
            placeholder={t('safety.reason_placeholder')}
            options={REPORT_REASONS.map((value) => ({ value, label: t(`safety.reason_${value}`) }))}
          />
          <FormTextareaField
            control={control}
            label={t('safety.note_label')}
            name="note"
            maxLength={REPORT_NOTE_MAX_LENGTH}
            rows={3}
          />
          {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
        </form>
      )}
    </Modal>
  );
}
