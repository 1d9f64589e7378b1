import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

/** Recovery codes as they are shown once: to write down, print or copy, then confirmed saved. */
export function RecoveryCodes({ codes, onSaved }: { codes: readonly string[]; onSaved: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch (error) {
      // No clipboard (an insecure origin, a refusal): the codes are on screen to write down.
      console.warn('Could not copy the recovery codes', error);
    }
  };

  return (
    <section aria-labelledby="recovery-codes-title" className="space-y-4">
      <h2 id="recovery-codes-title" className="heading text-xl">
        {t('console.recovery.title')}
      </h2>
      <p>{t('console.recovery.intro')}</p>
      <ol
        translate="no"
        aria-label={t('console.recovery.list_label')}
        className="grid grid-cols-2 gap-2 font-mono text-lg"
      >
        {codes.map((code) => (
          <li key={code} className="rounded border border-line bg-surface-muted px-3 py-1 text-center">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => void copy()}>
          {t('console.recovery.copy')}
        </Button>
        <Button onClick={onSaved}>{t('console.recovery.saved')}</Button>
        <p role="status" className="text-sm text-ink-muted">
          {copied ? t('console.recovery.copied') : null}
        </p>
      </div>
    </section>
  );
}
