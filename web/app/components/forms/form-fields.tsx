import {
  useController,
  type Control,
  type FieldPath,
  type FieldValues,
  type UseControllerProps,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MIN_AGE_PARAMS } from '../profile-fields/messages';
import {
  CheckboxField,
  RadioGroupField,
  type CheckboxFieldProps,
  type RadioGroupFieldProps,
} from '../ui/choice-fields';
import { SelectField, type SelectFieldProps } from '../ui/select-field';
import { TextField, type TextFieldProps } from '../ui/text-field';
import { TextareaField, type TextareaFieldProps } from '../ui/textarea-field';

type Bound<Props, Values extends FieldValues, Name extends FieldPath<Values>> = Omit<
  Props,
  'name' | 'value' | 'onChange'
> & {
  control: Control<Values, unknown, FieldValues>;
  name: Name;
  /** Checks for a form that loads no schema (see `useApiForm`). */
  rules?: UseControllerProps<Values, Name>['rules'];
  /** Runs after each change, e.g. to take away a message once the field is edited. */
  onEdit?: () => void;
};

/** A form field's value, change handler and translated message, for the controls in `components/ui`. */
function useFormField<Values extends FieldValues, Name extends FieldPath<Values>>(
  control: Control<Values, unknown, FieldValues>,
  name: Name,
  rules: UseControllerProps<Values, Name>['rules'],
  onEdit: (() => void) | undefined,
  /** A message the form does not hold, e.g. from a check on the server; the form's own comes first. */
  error: string | undefined,
) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name, rules });
  const message = fieldState.error?.message;
  return {
    name,
    value: typeof field.value === 'string' ? field.value : '',
    onChange: (value: string) => {
      field.onChange(value);
      onEdit?.();
    },
    error: message ? t(message, MIN_AGE_PARAMS) : error,
  };
}

export function FormTextField<Values extends FieldValues, Name extends FieldPath<Values>>({
  control,
  name,
  rules,
  onEdit,
  error,
  ...props
}: Bound<TextFieldProps, Values, Name>) {
  return <TextField {...props} {...useFormField(control, name, rules, onEdit, error)} />;
}

/** An e-mail address: the keyboard, autofill and trimming every address field wants. */
export function FormEmailField<Values extends FieldValues, Name extends FieldPath<Values>>(
  props: Omit<Bound<TextFieldProps, Values, Name>, 'type' | 'inputMode' | 'autoComplete' | 'trim'>,
) {
  return <FormTextField {...props} type="email" inputMode="email" autoComplete="email" trim />;
}

export function FormTextareaField<Values extends FieldValues, Name extends FieldPath<Values>>({
  control,
  name,
  rules,
  onEdit,
  error,
  ...props
}: Bound<TextareaFieldProps, Values, Name>) {
  return <TextareaField {...props} {...useFormField(control, name, rules, onEdit, error)} />;
}

export function FormSelectField<Values extends FieldValues, Name extends FieldPath<Values>>({
  control,
  name,
  rules,
  onEdit,
  error,
  ...props
}: Bound<SelectFieldProps, Values, Name>) {
  return <SelectField {...props} {...useFormField(control, name, rules, onEdit, error)} />;
}

export function FormRadioGroupField<Values extends FieldValues, Name extends FieldPath<Values>>({
  control,
  name,
  rules,
  onEdit,
  error,
  ...props
}: Bound<RadioGroupFieldProps, Values, Name>) {
  return <RadioGroupField {...props} {...useFormField(control, name, rules, onEdit, error)} />;
}

/**
 * A ticked box is `true`. `message` replaces whatever the check says when the box is refused, for
 * a box whose reason is better told in its own words than as "Value is required".
 */
export function FormCheckboxField<Values extends FieldValues, Name extends FieldPath<Values>>({
  control,
  name,
  rules,
  onEdit,
  message,
  ...props
}: Omit<Bound<CheckboxFieldProps, Values, Name>, 'checked' | 'error'> & { message?: string }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name, rules });
  const refusal = fieldState.error?.message;
  return (
    <CheckboxField
      {...props}
      name={name}
      checked={field.value === true}
      onChange={(checked) => {
        field.onChange(checked);
        onEdit?.();
      }}
      error={refusal ? (message ?? t(refusal)) : undefined}
    />
  );
}
