import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWebContext } from '../../../lib/use-web-context';

/**
 * The empty layout's pages (member landers, the match finder) bring their own header: the
 * site's name and, for visitors, the way to log in.
 */
export function FunnelHeader({ tone }: { tone: 'light' | 'dark' }) {
  const { t } = useTranslation();
  const { settings, user } = useWebContext();
  const color = tone === 'dark' ? 'text-on-brand' : 'text-brand-strong';
  return (
    <header className={`mx-auto flex w-full max-w-4xl items-center justify-between gap-3 px-4 py-3 ${color}`}>
      <Link to="/" className={`heading text-xl no-underline ${color}`} translate="no">
        {settings.name}
      </Link>
      {user ? null : (
        <Link to="/login" className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4">
          {t('nav.login')}
        </Link>
      )}
    </header>
  );
}
