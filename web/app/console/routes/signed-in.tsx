import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { ConsoleShell } from '../components/console-shell';
import { ConsoleEventsProvider } from '../lib/console-events';
import {
  CONSOLE_LOGIN_PATH,
  ConsoleMeContext,
  isConsoleLoginNeeded,
  mayDo,
  meQueryOptions,
} from '../lib/console-session';

/** Every console page but the login: a complete login (password and code), in the console's frame. */
export default function SignedIn() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useQuery(meQueryOptions());
  const loginNeeded = me.isError && isConsoleLoginNeeded(me.error);
  useEffect(() => {
    if (loginNeeded) void navigate(CONSOLE_LOGIN_PATH, { replace: true });
  }, [loginNeeded, navigate]);

  if (me.isPending || loginNeeded) {
    return (
      <p role="status" className="p-6 text-ink-muted">
        {t('console.loading')}
      </p>
    );
  }
  if (me.isError) {
    return (
      <div role="alert" className="p-6">
        <p>{t('console.load_failed')}</p>
        <Button className="mt-3" variant="secondary" onClick={() => void me.refetch()}>
          {t('console.retry')}
        </Button>
      </div>
    );
  }
  return (
    <ConsoleMeContext.Provider value={me.data}>
      <ConsoleEventsProvider enabled={mayDo(me.data, 'inbox.answer')}>
        <ConsoleShell me={me.data}>
          <Outlet />
        </ConsoleShell>
      </ConsoleEventsProvider>
    </ConsoleMeContext.Provider>
  );
}
