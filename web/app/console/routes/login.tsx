import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { LoginFlow } from '../features/auth/components/login-flow';
import { CONSOLE_HOME_PATH, forgetConsoleData, meQueryOptions } from '../lib/console-session';

/** /console/login: the password and the two-factor step; someone already in goes straight to the console. */
export default function ConsoleLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useQuery({ ...meQueryOptions(), retry: false });
  useEffect(() => {
    if (me.isSuccess) void navigate(CONSOLE_HOME_PATH, { replace: true });
  }, [me.isSuccess, navigate]);

  if (me.isPending || me.isSuccess) {
    return (
      <p role="status" className="p-6 text-ink-muted">
        {t('console.loading')}
      </p>
    );
  }
  return (
    <main id="console-main" className="console min-h-dvh px-4 py-10">
      <LoginFlow
        onDone={async () => {
          forgetConsoleData(queryClient);
          await navigate(CONSOLE_HOME_PATH, { replace: true });
        }}
      />
    </main>
  );
}
