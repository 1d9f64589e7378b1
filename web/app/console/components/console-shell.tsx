import type { ConsoleMe } from '@rendezvous/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { CONSOLE_LOGIN_PATH, forgetConsoleData, logOut, mayDo } from '../lib/console-session';
import { CONSOLE_NAV, currentNavItem } from './console-nav';

/** The console's frame: its menu by the staff member's rights, who is logged in, and the way out. */
export function ConsoleShell({ me, children }: { me: ConsoleMe; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  const { pathname } = useLocation();
  const items = CONSOLE_NAV.filter((item) => !item.permission || mayDo(me, item.permission));
  const current = currentNavItem(pathname, items);

  const leave = async () => {
    setLeaving(true);
    try {
      await logOut();
    } finally {
      forgetConsoleData(queryClient);
      await navigate(CONSOLE_LOGIN_PATH, { replace: true });
    }
  };

  return (
    <div className="console flex min-h-dvh flex-col">
      <a href="#console-main" className="sr-only focus:not-sr-only">
        {t('console.nav.skip')}
      </a>
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <span className="heading text-lg">{t('console.title')}</span>
          <nav aria-label={t('console.nav.label')} className="flex-1">
            <ul className="flex flex-wrap gap-1">
              {items.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    aria-current={item === current ? 'page' : undefined}
                    className={`btn btn-sm ${item === current ? 'btn-secondary' : 'btn-ghost'}`}
                  >
                    {t(item.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <span className="text-sm text-ink-muted">
            <span translate="no">{me.name}</span> · {t(`console.roles.${me.role}`)}
          </span>
          <Button variant="ghost" size="sm" loading={leaving} onClick={() => void leave()}>
            {t('console.nav.logout')}
          </Button>
        </div>
      </header>
      <main id="console-main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        {children}
      </main>
    </div>
  );
}
