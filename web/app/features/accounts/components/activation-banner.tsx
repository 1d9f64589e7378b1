import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ActivateReminder } from '../../../components/shell/activate-reminder';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-error';
import { useWebContext } from '../../../lib/use-web-context';

/**
 * Reminds a member who has not confirmed the address yet, on every page but the
 * sign-up (whose last step says the same), and lets them have the mail again.
 */
export function ActivationBanner() {
  const { user } = useWebContext();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const toast = useToast();
  if (!user || user.email_confirmed || pathname.startsWith('/signup')) return null;

  const resend = async () => {
    try {
      // Loaded on use: the call and its schema stay out of every page's first load.
      const { resendActivation } = await import('../api/account-calls');
      await resendActivation();
    } catch (error) {
      const limited = error instanceof ApiError && error.status === 429;
      toast.show({
        variant: 'danger',
        title: t('errors.title'),
        message: t(limited ? 'login.rate_limited' : 'errors.unexpected'),
      });
      throw error;
    }
  };

  return (
    <div className="mb-6">
      <ActivateReminder email={user.email} onResend={resend} />
    </div>
  );
}
