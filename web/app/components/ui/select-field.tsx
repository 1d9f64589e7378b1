import type { ComponentPropsWithRef } from 'react';
import {
  FieldShell,
  controlClassName,
  controlProps,
  useFieldIds,
  useInputBeforeHydration,
  type FieldBaseProps,
} from './field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

type SelectAttributes = Omit<
  ComponentPropsWithRef<'select'>,
  | 'value'
  | 'defaultValue'
  | 'onChange'
  | 'className'
  | 'id'
  | 'name'
  | 'required'
  | 'disabled'
  | 'children'
  | 'multiple'
>;

export type SelectFieldProps = FieldBaseProps &
  SelectAttributes & {
    value: string;
    onChange: (value: string) => void;
    options: readonly SelectOption[];
    /** A first option with the empty value, e.g. "Choose a country". Not selectable again when `required`. */
    placeholder?: string;
  };

/** A labelled native select: the phone's own picker is the easiest one to use. */
export function SelectField({
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
  options,
  placeholder,
  ...selectProps
}: SelectFieldProps) {
  const ids = useFieldIds(id);
  useInputBeforeHydration(ids.controlId, value, onChange);
  return (
    <FieldShell {...ids} label={label} hint={hint} error={error} required={required} className={className}>
      <div className="relative">
        <select
          {...selectProps}
          {...controlProps(ids, { name, required, disabled, hint, error })}
          value={value}
          className={controlClassName(error, valid)}
          onChange={(event) => onChange(event.target.value)}
        >
          {placeholder !== undefined ? (
            <option value="" disabled={required}>
              {placeholder}
            </option>
          ) : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        <svg className="field-icon text-ink-muted" viewBox="0 0 20 20" fill="none" aria-hidden="true">
          <path d="M5 7.5l5 5 5-5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
    </FieldShell>
  );
}
