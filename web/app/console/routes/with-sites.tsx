import type { PersonaSite } from '@rendezvous/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { personaSitesQueryOptions } from '../features/personas/api/persona-calls';

/**
 * The sites, with what their persona forms offer, for the screens that work per site. The call
 * needs personas.manage, which every role that manages snippets or settings holds too
 * (contract/src/console.ts); ask it for no one else.
 */
export function WithSites({ children }: { children: (sites: readonly PersonaSite[]) => ReactNode }) {
  const { t } = useTranslation();
  const sites = useQuery(personaSitesQueryOptions());
  if (sites.isPending) return <p role="status">{t('console.loading')}</p>;
  if (sites.isError) {
    return (
      <div role="alert" className="space-y-3">
        <p>{t('console.load_failed')}</p>
        <Button variant="secondary" onClick={() => void sites.refetch()}>
          {t('console.retry')}
        </Button>
      </div>
    );
  }
  return children(sites.data.sites);
}
