import { useId, type ReactNode } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import { describedBy } from './field';

export interface RadioOption {
  value: string;
  label: ReactNode;
}

export interface RadioGroupFieldProps {
  legend: ReactNode;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly RadioOption[];
  error?: string;
  required?: boolean;
}

/** The error under a choice, in a live region present from the first render so a later message is read out. */
function ChoiceError({ id, error }: { id: string; error: string | undefined }) {
  return (
    <div aria-live="polite">
      {error ? (
        <p id={id} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** One of a few choices, all in view: a radio group named by its legend, its message read with it. */
export function RadioGroupField({ legend, name, value, onChange, options, error, required }: RadioGroupFieldProps) {
  const legendId = useId();
  const errorId = useId();
  // The app holds the choice: one made before the page has hydrated would be lost.
  const hydrated = useHydrated();
  return (
    <div className="field">
      <p id={legendId} className="field-label">
        {legend}
      </p>
      <div
        role="radiogroup"
        aria-labelledby={legendId}
        aria-required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="grid gap-2"
      >
        {options.map((option) => (
          <label key={option.value} className="card flex min-h-11 items-center gap-3 px-3 py-2">
            <input
              type="radio"
              className="size-5 shrink-0 accent-brand"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={!hydrated}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <ChoiceError id={errorId} error={error} />
    </div>
  );
}

export interface CheckboxFieldProps {
  label: ReactNode;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  required?: boolean;
  /** What ticking it means beyond the label, read with the box. */
  hint?: ReactNode;
  disabled?: boolean;
}

/** A box the person ticks themselves (never ticked for them), with its message next to it. */
export function CheckboxField({ label, name, checked, onChange, error, required, hint, disabled }: CheckboxFieldProps) {
  const errorId = useId();
  const hintId = useId();
  // The app holds the box's state, as the choice above.
  const hydrated = useHydrated();
  return (
    <div className="field">
      <label className="flex min-h-11 items-start gap-2">
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-brand"
          name={name}
          checked={checked}
          required={required}
          disabled={disabled || !hydrated}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy({ hintId, errorId }, hint, error)}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{label}</span>
      </label>
      {hint ? (
        <p id={hintId} className="field-hint ps-7">
          {hint}
        </p>
      ) : null}
      <ChoiceError id={errorId} error={error} />
    </div>
  );
}
