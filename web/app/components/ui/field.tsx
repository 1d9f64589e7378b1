import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

/** What every form control shares (spec §5: valid/invalid state, trimming, formatting, debounce). */
export interface FieldBaseProps {
  label: ReactNode;
  name: string;
  id?: string;
  /** Explains the field; read out with it. */
  hint?: ReactNode;
  /** Marks the field invalid and shows the message next to it. */
  error?: string;
  /** Marks the field as correctly filled in (ignored while there is an error). */
  valid?: boolean;
  required?: boolean;
  disabled?: boolean;
  /** Classes for the wrapper; the control itself takes the rest of the props. */
  className?: string;
}

export interface DraftOptions {
  value: string;
  onChange: (value: string) => void;
  /** Trims on blur and before the value is reported. */
  trim?: boolean;
  /** Applied on blur (after trimming), e.g. capitalising a city. */
  format?: (value: string) => string;
  /** Reports changes only after typing pauses this long; the field itself stays responsive. */
  debounceMs?: number;
  /** Receives the final (trimmed, formatted) value. */
  onBlur?: (value: string) => void;
}

/**
 * Keeps what the person types separate from what the parent holds, so a debounced or
 * trimmed field never jumps under the cursor. A value the parent sets itself (a reset,
 * a suggestion taken) replaces the draft.
 */
export function useDraftValue({ value, onChange, trim = false, format, debounceMs = 0, onBlur }: DraftOptions) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const [reported, setReported] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== reported) {
      setDraft(value);
      setReported(value);
    }
  }

  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancelPending = useCallback(() => {
    if (timer.current === null) return false;
    clearTimeout(timer.current);
    timer.current = null;
    return true;
  }, []);
  useEffect(
    () => () => {
      cancelPending();
    },
    [cancelPending],
  );

  const report = (next: string) => {
    setReported(next);
    onChangeRef.current(next);
  };

  const change = (raw: string) => {
    setDraft(raw);
    const next = trim ? raw.trim() : raw;
    if (debounceMs > 0) {
      cancelPending();
      timer.current = setTimeout(() => {
        timer.current = null;
        report(next);
      }, debounceMs);
    } else if (next !== value) {
      report(next);
    }
  };

  /** Finishes the edit now: blur, or Enter that submits the form before the debounce ran out. */
  const commit = (): string => {
    const hadPending = cancelPending();
    const trimmed = trim ? draft.trim() : draft;
    const final = format ? format(trimmed) : trimmed;
    if (final !== draft) setDraft(final);
    if (hadPending || final !== value) report(final);
    return final;
  };

  const blur = () => {
    const final = commit();
    onBlur?.(final);
  };

  return { draft, change, commit, blur };
}

/**
 * What a person typed or chose before the page hydrated stays in the control, but React starts
 * from the server's value and would put that back at the next render (the first check of the
 * form, say). As the field mounts, it takes over what the control holds.
 */
export function useInputBeforeHydration(controlId: string, value: string, adopt: (input: string) => void) {
  // Only a control the server rendered can hold input from before; one the app adds later (after a
  // navigation, or with options still to come) starts from its value.
  const fromServer = useRef(!useHydrated());
  useEffect(() => {
    if (!fromServer.current) return;
    fromServer.current = false;
    const control = document.getElementById(controlId);
    const input =
      control instanceof HTMLInputElement ||
      control instanceof HTMLTextAreaElement ||
      control instanceof HTMLSelectElement
        ? control.value
        : value;
    if (input !== value) adopt(input);
  });
}

export function useFieldIds(id: string | undefined) {
  const auto = useId();
  const controlId = id ?? `field${auto}`;
  return { controlId, hintId: `${controlId}-hint`, errorId: `${controlId}-error` };
}

export function describedBy(ids: { hintId: string; errorId: string }, hint: ReactNode, error: string | undefined) {
  return [hint ? ids.hintId : '', error ? ids.errorId : ''].filter(Boolean).join(' ') || undefined;
}

/** The attributes every control shares: its id, name, state and what describes it. */
export function controlProps(
  ids: ReturnType<typeof useFieldIds>,
  { name, required, disabled, hint, error }: Pick<FieldBaseProps, 'name' | 'required' | 'disabled' | 'hint' | 'error'>,
) {
  return {
    id: ids.controlId,
    name,
    required,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(ids, hint, error),
  } as const;
}

export function controlClassName(error: string | undefined, valid: boolean | undefined, extra = ''): string {
  return ['field-control', !error && valid ? 'is-valid' : '', extra].filter(Boolean).join(' ');
}

interface FieldShellProps {
  controlId: string;
  hintId: string;
  errorId: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

/** Label, control, hint and error message, in that order, wired together by id. */
export function FieldShell({
  controlId,
  hintId,
  errorId,
  label,
  hint,
  error,
  required,
  className,
  children,
}: FieldShellProps) {
  return (
    <div className={['field', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field-label" htmlFor={controlId}>
        {label}
        {required ? (
          // The input carries `required`; the star is only the visual cue.
          <span className="text-danger" aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {/* Present from the first render, so a message that appears later is announced. */}
      <div aria-live="polite">
        {error ? (
          <p id={errorId} className="field-error">
            <ErrorIcon />
            <span>{error}</span>
          </p>
        ) : null}
      </div>
    </div>
  );
}

export function ValidIcon() {
  return (
    <svg className="field-icon text-success" viewBox="0 0 20 20" fill="none" aria-hidden="true">
      <path d="M4 10.5l4 4 8-9" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function ErrorIcon() {
  return (
    <svg className="mt-[0.2em] size-[1.1em] shrink-0" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
      <path d="M10 1.5a8.5 8.5 0 100 17 8.5 8.5 0 000-17zm-.9 4.3h1.8v5.6H9.1V5.8zm.9 9.1a1.1 1.1 0 110-2.2 1.1 1.1 0 010 2.2z" />
    </svg>
  );
}
