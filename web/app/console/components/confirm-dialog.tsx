import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonVariant } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { Modal } from '../../components/ui/modal';

/**
 * Asks before a change that is hard to undo. The confirm button waits for `onConfirm`, whose
 * success closes the dialog through the parent; a failure stays in the dialog, as `failureOf`'s
 * catalogue key, so the person can try again or cancel.
 */
export function ConfirmDialog({
  title,
  cancelLabel,
  confirmLabel,
  confirmVariant = 'danger',
  onClose,
  onConfirm,
  failureOf,
  children,
}: {
  title: string;
  cancelLabel: string;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  onClose: () => void;
  onConfirm: () => Promise<void>;
  failureOf: (error: unknown) => string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
    } catch (error) {
      setFailure(failureOf(error));
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button variant={confirmVariant} loading={busy} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
      {children}
    </Modal>
  );
}
