import { useLocation } from 'react-router';
import { ActivateReminder } from '../../../components/shell/activate-reminder';
import { useWebContext } from '../../../lib/use-web-context';
import { useResendActivation } from '../hooks/use-resend-activation';

/**
 * Reminds a member who has not confirmed the address yet, on every page but the
 * sign-up (whose last step says the same), and lets them have the mail again.
 */
export function ActivationBanner() {
  const { user } = useWebContext();
  const { pathname } = useLocation();
  const resend = useResendActivation();
  if (!user || user.email_confirmed || pathname.startsWith('/signup')) return null;

  return (
    <div className="mb-6">
      <ActivateReminder email={user.email} onResend={resend} />
    </div>
  );
}
