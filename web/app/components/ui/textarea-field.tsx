import type { ComponentPropsWithRef } from 'react';
import {
  FieldShell,
  controlClassName,
  controlProps,
  useDraftValue,
  useInputBeforeHydration,
  useFieldIds,
  type DraftOptions,
  type FieldBaseProps,
} from './field';

/** Spec §5: a textarea is at least two rows high. */
export const TEXTAREA_MIN_ROWS = 2;
const TEXTAREA_DEFAULT_ROWS = 4;

type TextareaAttributes = Omit<
  ComponentPropsWithRef<'textarea'>,
  'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'className' | 'id' | 'name' | 'required' | 'disabled'
>;

export type TextareaFieldProps = FieldBaseProps &
  DraftOptions &
  TextareaAttributes & {
    /** Classes for the textarea itself, e.g. a fixed height (spec §2 step 5: 150 px). */
    textareaClassName?: string;
  };

/** A labelled, controlled textarea with the same states and options as `TextField`. */
export function TextareaField({
  label,
  name,
  id,
  hint,
  error,
  valid,
  required,
  disabled,
  className,
  textareaClassName,
  value,
  onChange,
  trim,
  format,
  debounceMs,
  onBlur,
  rows = TEXTAREA_DEFAULT_ROWS,
  ...textareaProps
}: TextareaFieldProps) {
  const ids = useFieldIds(id);
  const { draft, change, blur } = useDraftValue({ value, onChange, trim, format, debounceMs, onBlur });
  useInputBeforeHydration(ids.controlId, draft, change);
  return (
    <FieldShell {...ids} label={label} hint={hint} error={error} required={required} className={className}>
      <textarea
        {...textareaProps}
        {...controlProps(ids, { name, required, disabled, hint, error })}
        rows={Math.max(TEXTAREA_MIN_ROWS, rows)}
        value={draft}
        className={controlClassName(error, valid, textareaClassName)}
        onChange={(event) => change(event.target.value)}
        onBlur={blur}
      />
    </FieldShell>
  );
}
