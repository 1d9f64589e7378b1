import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface StepShellProps {
  /** Left out where the surroundings already name the form (a modal title, the error page). */
  title?: ReactNode;
  /** A sentence under the title saying why the step is worth a moment. */
  intro?: ReactNode;
  /** Moves focus to the title, so keyboard and screen-reader users start on the new step. */
  focusTitle?: boolean;
  /** Shown above the title, e.g. the progress dots. */
  top?: ReactNode;
  children?: ReactNode;
  /** The step's buttons, stacked full width on a phone. */
  actions?: ReactNode;
  className?: string;
}

/** The frame of one sign-up step: title, intro, content and buttons. */
export function StepShell({ title, intro, focusTitle = false, top, children, actions, className }: StepShellProps) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);

  return (
    <section
      className={['signup-step space-y-5', className ?? ''].filter(Boolean).join(' ')}
      aria-labelledby={title ? titleId : undefined}
    >
      {top}
      {title || intro ? (
        <div>
          {title ? (
            <h2 id={titleId} ref={titleRef} tabIndex={-1} className="heading text-2xl focus:outline-none">
              {title}
            </h2>
          ) : null}
          {intro ? <p className="mt-2">{intro}</p> : null}
        </div>
      ) : null}
      {children}
      {actions ? <div className="flex flex-col gap-3">{actions}</div> : null}
    </section>
  );
}

/** A failure that concerns the whole step rather than one field. */
export function StepAlert({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p
      id={id}
      role="alert"
      className="form-alert rounded-lg border border-danger bg-danger-soft px-4 py-3 font-semibold text-danger"
    >
      {children}
    </p>
  );
}

/** Shown while a step works out whether it applies at all. */
export function StepWaiting() {
  const { t } = useTranslation();
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-10">
      <span className="spinner" aria-hidden="true" />
      {t('signup.one_moment')}
    </p>
  );
}
