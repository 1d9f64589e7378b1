import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormTextField } from '../../components/forms/form-fields';

/** The six digits of an authenticator app: the phone's number pad, and the code its keyboard offers. */
export function CodeField<Values extends FieldValues>({
  control,
  name,
  label,
  hint,
}: {
  control: Control<Values, unknown, FieldValues>;
  name: Path<Values>;
  label: string;
  hint?: string;
}) {
  return (
    <FormTextField
      control={control}
      name={name}
      label={label}
      hint={hint}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={9}
      trim
      required
      // The code is the only thing these forms ask for, so the keyboard starts there.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus
    />
  );
}
