import { useId } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

export interface CheckboxOption<Value extends string | number> {
  value: Value;
  label: string;
}

/** A labelled group of checkboxes bound to a form field that holds the chosen values. */
export function CheckboxGroupField<Values extends FieldValues, Value extends string | number>({
  control,
  name,
  legend,
  options,
  verbatim = false,
}: {
  control: Control<Values, unknown, FieldValues>;
  name: FieldPath<Values>;
  legend: string;
  options: readonly CheckboxOption<Value>[];
  /** The labels are names (of sites, say), shown as they are rather than translated. */
  verbatim?: boolean;
}) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  const errorId = useId();
  const chosen = (Array.isArray(field.value) ? field.value : []) as Value[];
  const error = fieldState.error?.message;

  const toggle = (value: Value, on: boolean) =>
    field.onChange(on ? [...chosen, value] : chosen.filter((item) => item !== value));

  return (
    <fieldset className="field" aria-describedby={error ? errorId : undefined}>
      <legend className="field-label">{legend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2">
            <input
              type="checkbox"
              className="size-5"
              checked={chosen.includes(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
              onBlur={field.onBlur}
            />
            <span translate={verbatim ? 'no' : undefined}>{option.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="field-error" aria-live="polite">
          {t(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
