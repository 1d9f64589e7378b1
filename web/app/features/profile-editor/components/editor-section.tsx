import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert';
import { Button } from '../../../components/ui/button';

export interface SectionFormProps {
  /** The save button's text, naming what it saves (several sections share the page). */
  submitLabel: string;
  busy: boolean;
  saved: boolean;
  /** A catalogue key for a failure of the whole form. */
  failure: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/** The fields of a section with its save button and, next to it, the outcome. */
export function SectionForm({ submitLabel, busy, saved, failure, onSubmit, children }: SectionFormProps) {
  const { t } = useTranslation();
  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate>
      {failure ? <FormAlert>{t(failure)}</FormAlert> : null}
      {children}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
        <SavedNote show={saved && !busy}>{t('profile_edit.saved')}</SavedNote>
      </div>
    </form>
  );
}

/** A confirmation beside the button; the live region exists from the start so the change is announced. */
export function SavedNote({ show, children }: { show: boolean; children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-1.5 font-semibold">
      {show ? (
        <>
          <svg className="size-5 shrink-0 text-success" viewBox="0 0 20 20" fill="none" aria-hidden="true">
            <path
              d="M4 10.5l4 4 8-9"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {children}
        </>
      ) : null}
    </p>
  );
}
