import { LOCALES, isLocale, type Locale } from '@rendezvous/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/locale';

/**
 * The interface language (spec §1). Each language is named in itself, so someone who
 * cannot read the current one still finds their own.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { locale, changeLocale } = useLocale();
  // The catalogue may need fetching: show the choice at once rather than snapping back.
  const [pending, setPending] = useState<Locale | null>(null);
  const id = useId();

  const handleChange = (value: string) => {
    if (!isLocale(value)) return;
    setPending(value);
    void changeLocale(value).finally(() => setPending(null));
  };

  return (
    <div className={['flex items-center gap-2', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="sr-only">
        {t('nav.language')}
      </label>
      <svg className="size-5 shrink-0" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeWidth="1.75" />
        <path
          d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9s1.3-6.4 3.8-9z"
          stroke="currentColor"
          strokeWidth="1.75"
        />
      </svg>
      <div className="relative">
        <select
          id={id}
          className="header-select"
          value={pending ?? locale}
          aria-busy={pending ? true : undefined}
          onChange={(event) => handleChange(event.target.value)}
        >
          {LOCALES.map((code) => (
            <option key={code} value={code} lang={code}>
              {t(`languages.${code}`)}
            </option>
          ))}
        </select>
        <svg className="field-icon end-2.5 size-4" viewBox="0 0 20 20" fill="none" aria-hidden="true">
          <path d="M5 7.5l5 5 5-5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
    </div>
  );
}
