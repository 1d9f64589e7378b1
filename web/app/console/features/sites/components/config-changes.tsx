import type { SiteConfigChange } from '@rendezvous/contract';
import { useTranslation } from 'react-i18next';

/** Each changed setting by its path, what it was and what it becomes, as the settings object writes them. */
export function ConfigChanges({ changes }: { changes: readonly SiteConfigChange[] }) {
  const { t } = useTranslation();
  return (
    <ul className="space-y-2">
      {changes.map((change) => (
        <li key={change.path} className="break-words">
          <code className="font-semibold" translate="no">
            {change.path}
          </code>
          <div className="grid gap-x-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
            <span className="text-ink-muted">{t('console.sites.review.before')}</span>
            <code translate="no">{change.before ?? t('console.sites.review.unset')}</code>
            <span className="text-ink-muted">{t('console.sites.review.after')}</span>
            <code translate="no">{change.after ?? t('console.sites.review.unset')}</code>
          </div>
        </li>
      ))}
    </ul>
  );
}
