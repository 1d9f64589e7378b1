import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Says plainly when the open app has lost the network (docs/decisions/020): what it shows was
 * loaded before, and what the member writes waits. The server always renders it online.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const offline = useSyncExternalStore(
    subscribe,
    () => !navigator.onLine,
    () => false,
  );
  if (!offline) return null;
  return (
    <div role="status" className="form-notice sticky top-0 z-40 m-0 rounded-none text-center">
      <strong>{t('offline.title')}</strong> {t('offline.banner')}
    </div>
  );
}
