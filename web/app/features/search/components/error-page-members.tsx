import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { searchQueryOptions } from '../api/search-calls';
import { ResultsGrid } from './results-grid';

/**
 * Spec §2: under the error a member sees members, without actions, so a dead link does not end
 * the visit. The first page of their usual search: a first load reads the saved filters and saves
 * nothing. Spec §8: a failed search is logged only (by the query cache); the page stands without it.
 */
export function ErrorPageMembers() {
  const { t } = useTranslation();
  const profiles = useQuery(searchQueryOptions({ auto_load: 1 })).data?.profiles ?? [];
  if (profiles.length === 0) return null;
  return (
    <section className="mt-10 space-y-3" aria-labelledby="error-members-title">
      <h2 id="error-members-title" className="heading text-2xl">
        {t('errors.members_title')}
      </h2>
      {/* No ads and no card actions: spec §2 asks for members without actions here. */}
      <ResultsGrid profiles={profiles} cams={null} partnerAds={false} label={t('errors.members_title')} />
    </section>
  );
}
