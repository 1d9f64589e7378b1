import {
  useController,
  type Control,
  type FieldPath,
  type FieldValues,
  type UseControllerProps,
} from 'react-hook-form';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../profile-fields/messages';
import { CheckboxField, RadioGroupField, type CheckboxFieldProps } from '../ui/choice-fields';
import { SelectField } from '../ui/select-field';
import { TextField, type TextFieldProps } from '../ui/text-field';
import { TextareaField } from '../ui/textarea-field';

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
  /** The label as text, so a message can name the field it is about. */
  label: string | undefined,
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
    error: message ? fieldMessage(t, message, { name, label }) : error,
  };
}

/** What a control in `components/ui` takes to be bound: a text value, its change and its message. */
interface BindableProps {
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** The control as a form field: its value, changes and message come from the form by `name`. */
function bindFormField<Props extends BindableProps>(Field: ComponentType<Props>) {
  return function FormField<Values extends FieldValues, Name extends FieldPath<Values>>({
    control,
    name,
    rules,
    onEdit,
    error,
    ...props
  }: Bound<Props, Values, Name>) {
    // A field's message names it by what the member reads above it: a label, or a group's legend.
    const { label, legend } = props as { label?: unknown; legend?: unknown };
    const title = [label, legend].find((text): text is string => typeof text === 'string');
    const bound = useFormField(control, name, rules, onEdit, error, title);
    // The rest are the control's own props, less the ones `bound` gives: together they are Props.
    const all = { ...props, ...bound } as unknown as Props;
    return <Field {...all} />;
  };
}

export const FormTextField = bindFormField(TextField);
export const FormTextareaField = bindFormField(TextareaField);
export const FormSelectField = bindFormField(SelectField);
export const FormRadioGroupField = bindFormField(RadioGroupField);

/** An e-mail address: the keyboard, autofill and trimming every address field wants. */
export function FormEmailField<Values extends FieldValues, Name extends FieldPath<Values>>(
  props: Omit<Bound<TextFieldProps, Values, Name>, 'type' | 'inputMode' | 'autoComplete' | 'trim'>,
) {
  return <FormTextField {...props} type="email" inputMode="email" autoComplete="email" trim />;
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
      error={refusal ? (message ?? fieldMessage(t, refusal, { name })) : undefined}
    />
  );
}
