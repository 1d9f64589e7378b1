import { useTranslation } from 'react-i18next';
import { ActivateReminder } from '../../components/shell/activate-reminder';
import { useWebContext } from '../../lib/use-web-context';
import { requireDevTools } from './dev-only';

export const loader = requireDevTools;

export default function DevActivateReminder() {
  const { t } = useTranslation();
  const { user, settings } = useWebContext();
  return (
    <div className="space-y-4">
      <h1 className="heading text-2xl">{t('dev.activate_reminder')}</h1>
      <ActivateReminder email={user?.email ?? settings.email} />
    </div>
  );
}
