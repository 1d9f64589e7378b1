import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

export interface NoMatchesProps {
  /** Whether the similar search (spec §7) found members, shown right below this notice. */
  similarFound: boolean;
  /** Back to the default filters, searched again. */
  onShowAll: () => void;
}

/**
 * A search that finds nobody, often a narrow saved one that every later visit opens on, must not
 * look broken: it says so, points to the similar members below, and offers everyone again.
 */
export function NoMatches({ similarFound, onShowAll }: NoMatchesProps) {
  const { t } = useTranslation();
  return (
    <section className="card space-y-3 p-4 sm:p-5" aria-labelledby="no-matches-title">
      <h2 id="no-matches-title" className="heading text-xl">
        {t('search.empty_title')}
      </h2>
      <p>{similarFound ? t('search.empty_similar') : t('search.empty')}</p>
      <Button onClick={onShowAll}>{t('search.show_all')}</Button>
    </section>
  );
}
