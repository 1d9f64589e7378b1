import { REPORT_NOTE_MAX_LENGTH, REPORT_REASONS, type ReportReason } from '@rendezvous/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Modal } from '../../../components/ui/modal';
import { SelectField } from '../../../components/ui/select-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { reportMember } from '../api/safety-calls';

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
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [note, setNote] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [done, setDone] = useState(false);

  const close = () => {
    onClose();
    // Next time the dialog starts empty.
    setReason('');
    setNote('');
    setReasonError(undefined);
    setFailed(false);
    setDone(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!reason) {
      setReasonError(t('safety.reason_required'));
      return;
    }
    setBusy(true);
    setFailed(false);
    try {
      const trimmed = note.trim();
      await reportMember({
        profile: profile.id,
        conversation: conversationId,
        reason,
        note: trimmed === '' ? undefined : trimmed,
      });
      setDone(true);
    } catch (error) {
      console.warn('Could not send the report', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
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
        <form id={formId} className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
          <p>{t('safety.report_intro', { name: profile.name })}</p>
          <SelectField
            label={t('safety.reason_label')}
            name="reason"
            required
            value={reason}
            placeholder={t('safety.reason_placeholder')}
            error={reasonError}
            options={REPORT_REASONS.map((value) => ({ value, label: t(`safety.reason_${value}`) }))}
            onChange={(value) => {
              setReason(value as ReportReason | '');
              setReasonError(undefined);
            }}
          />
          <TextareaField
            label={t('safety.note_label')}
            name="note"
            value={note}
            maxLength={REPORT_NOTE_MAX_LENGTH}
            rows={3}
            onChange={setNote}
          />
          {failed ? <FormAlert>{t('safety.report_failed')}</FormAlert> : null}
        </form>
      )}
    </Modal>
  );
}
