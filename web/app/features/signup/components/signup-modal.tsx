import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { SignupForm, type SignupFormProps } from './signup-form';

export interface SignupModalProps extends Omit<SignupFormProps, 'onClose' | 'showTitle'> {
  open: boolean;
  onClose: () => void;
}

/** The sign-up in a large modal (spec §2: it toggles open and closed); the form starts afresh each time. */
export function SignupModal({ open, onClose, ...form }: SignupModalProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} size="large" title={t('signup.modal_title')}>
      <div className="mx-auto max-w-md">
        <SignupForm {...form} showTitle={false} onClose={onClose} />
      </div>
    </Modal>
  );
}
