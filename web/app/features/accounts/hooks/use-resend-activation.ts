import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-error';

/**
 * Sends the activation mail again, telling the member in a toast when that failed. Rejects on
 * failure as well, so the button that asked becomes available again.
 */
export function useResendActivation(): () => Promise<void> {
  const { t } = useTranslation();
  const toast = useToast();
  return async () => {
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
}
