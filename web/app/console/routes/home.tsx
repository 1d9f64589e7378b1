import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONSOLE_NAV, type ConsoleNavItem } from '../components/console-nav';
import { mayDo, useConsoleMe } from '../lib/console-session';

/** What the staff member can do here, by their role. */
export default function ConsoleHome() {
  const { t } = useTranslation();
  const me = useConsoleMe();
  const areas = CONSOLE_NAV.filter(
    (item): item is ConsoleNavItem & { description: string } =>
      item.description !== undefined && (!item.permission || mayDo(me, item.permission)),
  );
  const none = t('console.home.none');

  return (
    <section aria-labelledby="console-home-title" className="space-y-6">
      <div>
        <h1 id="console-home-title" className="heading text-2xl">
          {t('console.home.title', { name: me.name })}
        </h1>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-semibold">{t('console.home.role')}</dt>
          <dd>{t(`console.roles.${me.role}`)}</dd>
          <dt className="font-semibold">{t('console.home.sites')}</dt>
          <dd>
            {me.sites.length > 0 ? <span translate="no">{me.sites.map((site) => site.name).join(', ')}</span> : none}
          </dd>
          <dt className="font-semibold">{t('console.home.languages')}</dt>
          <dd>{me.languages.map((language) => t(`languages.${language}`)).join(', ') || none}</dd>
        </dl>
      </div>
      <div>
        <h2 className="heading text-xl">{t('console.home.what')}</h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {areas.map((item) => (
            <li key={item.to} className="card p-4">
              <Link to={item.to} className="font-semibold underline">
                {t(item.label)}
              </Link>
              <p className="mt-1 text-ink-muted">{t(item.description)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
