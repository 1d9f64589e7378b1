import type { ComponentPropsWithRef, KeyboardEvent } from 'react';
import {
  FieldShell,
  ValidIcon,
  controlClassName,
  controlProps,
  useDraftValue,
  useInputBeforeHydration,
  useFieldIds,
  type DraftOptions,
  type FieldBaseProps,
} from './field';

type InputAttributes = Omit<
  ComponentPropsWithRef<'input'>,
  'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'type' | 'className' | 'id' | 'name' | 'required' | 'disabled'
>;

export type TextFieldProps = FieldBaseProps &
  DraftOptions &
  InputAttributes & {
    type?: 'text' | 'email' | 'password' | 'tel' | 'url' | 'search' | 'number' | 'date';
  };

/**
 * A labelled, controlled text input (spec §5). `onChange` receives the value, trimmed
 * when `trim` is set and debounced when `debounceMs` is set; `error` marks the field
 * invalid and is read out with it.
 */
export function TextField({
  label,
  name,
  id,
  hint,
  error,
  valid,
  required,
  disabled,
  className,
  value,
  onChange,
  trim,
  format,
  debounceMs,
  onBlur,
  type = 'text',
  onKeyDown,
  ...inputProps
}: TextFieldProps) {
  const ids = useFieldIds(id);
  const { draft, change, commit, blur } = useDraftValue({ value, onChange, trim, format, debounceMs, onBlur });
  useInputBeforeHydration(ids.controlId, draft, change);
  const showValid = Boolean(valid) && !error;

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter submits the form without a blur: hand the parent the finished value first.
    if (event.key === 'Enter') commit();
    onKeyDown?.(event);
  };

  return (
    <FieldShell {...ids} label={label} hint={hint} error={error} required={required} className={className}>
      <div className="relative">
        <input
          {...inputProps}
          {...controlProps(ids, { name, required, disabled, hint, error })}
          type={type}
          value={draft}
          className={controlClassName(error, valid, showValid ? 'has-icon' : '')}
          onChange={(event) => change(event.target.value)}
          onBlur={blur}
          onKeyDown={handleKeyDown}
        />
        {showValid ? <ValidIcon /> : null}
      </div>
    </FieldShell>
  );
}
