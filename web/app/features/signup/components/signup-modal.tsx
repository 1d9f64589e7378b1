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
  // The modal's heading stands in for the form's title, so it names the referring profile (spec §2).
  const title = form.referringProfile
    ? t('signup.title_with_profile', { name: form.referringProfile.name })
    : t('signup.modal_title');
  return (
    <Modal open={open} onClose={onClose} size="large" title={title}>
      <div className="mx-auto max-w-md">
        <SignupForm {...form} showTitle={false} onClose={onClose} />
      </div>
    </Modal>
  );
}
