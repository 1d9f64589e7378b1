import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Modal } from '../../../components/ui/modal';
import { blockMember } from '../api/safety-calls';

export interface BlockDialogProps {
  open: boolean;
  onClose: () => void;
  profile: { id: number; name: string };
  onBlocked: () => void;
}

/** Asks before blocking: a block hides both members from each other everywhere. */
export function BlockDialog({ open, onClose, profile, onBlocked }: BlockDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const confirm = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await blockMember(profile.id);
      onBlocked();
    } catch (error) {
      console.warn('Could not block the member', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('safety.block_title', { name: profile.name })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('safety.cancel')}
          </Button>
          <Button variant="danger" loading={busy} onClick={() => void confirm()}>
            {t('safety.block_confirm')}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <p>{t('safety.block_text', { name: profile.name })}</p>
        {failed ? <FormAlert>{t('safety.block_failed')}</FormAlert> : null}
      </div>
    </Modal>
  );
}
