import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

/** The part of a query a console screen shows before it has data. */
export interface LoadingQuery {
  isPending: boolean;
  isError: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * What a console screen shows while its data loads, and when loading failed: the reason (a
 * catalogue key; by default that it did not load) with a way to try again.
 */
export function LoadState({ query, failure = 'console.load_failed' }: { query: LoadingQuery; failure?: string }) {
  const { t } = useTranslation();
  if (query.isPending) return <p role="status">{t('console.loading')}</p>;
  if (!query.isError) return null;
  return (
    <div role="alert" className="space-y-3">
      <p>{t(failure)}</p>
      <Button variant="secondary" onClick={() => void query.refetch()}>
        {t('console.retry')}
      </Button>
    </div>
  );
}
