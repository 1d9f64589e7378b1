import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requireDevTools } from './dev-only';

export const loader = requireDevTools;

const PREVIEWS = [
  { to: '/_dev/dialogs', key: 'dev.dialogs' },
  { to: '/_dev/top-nav', key: 'dev.top_nav' },
  { to: '/_dev/activate-reminder', key: 'dev.activate_reminder' },
  { to: '/_dev/mailbox', key: 'dev.mailbox' },
] as const;

export default function DevIndex() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="dev-title">
      <h1 id="dev-title" className="heading text-2xl">
        {t('dev.title')}
      </h1>
      <ul className="mt-4 list-disc pl-6">
        {PREVIEWS.map((preview) => (
          <li key={preview.to}>
            <Link className="underline" to={preview.to}>
              {t(preview.key)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
