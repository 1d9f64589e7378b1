import { useRef, useState, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { ApiError } from '../api-error';

export interface ApiFormOptions<Input extends FieldValues, Output> {
  defaultValues: DefaultValues<Input>;
  /**
   * The contract schema as a resolver (`zodResolver(Schema)`). Left out where a page must load
   * no zod (login, a profile's report dialog): the fields then carry their own `rules`.
   */
  resolver?: Resolver<Input, unknown, Output>;
  /** Sends the checked values; the form stays busy until it resolves. */
  send: (values: Output) => Promise<void>;
  /** The catalogue key for a refusal that blames none of this form's fields. */
  failureOf: (error: unknown) => string;
  /** This form's name for a field the server names otherwise ('profile.personal.about_me' → 'about_me'). */
  fieldOf?: (serverField: string) => string;
  /** Shows the refusal under this field rather than in the form's alert. */
  failureField?: Path<Input>;
  /** After the first submit, checks a field again as it changes, so its message follows the typing. */
  recheckOnChange?: boolean;
}

/**
 * One submit for every form (spec §4, §8): the client checks first, a second submit while one is
 * on its way does nothing, the server's 400 `fields` go next to their inputs, and anything else
 * becomes one message for the whole form.
 */
export function useApiForm<Input extends FieldValues, Output = Input>({
  defaultValues,
  resolver,
  send,
  failureOf,
  fieldOf = (field) => field,
  failureField,
  recheckOnChange = false,
}: ApiFormOptions<Input, Output>) {
  // Unless asked, messages stay until the next submit and focus stays put, as before the forms shared this hook.
  const form = useForm<Input, unknown, Output>({
    defaultValues,
    resolver,
    reValidateMode: recheckOnChange ? 'onChange' : 'onSubmit',
    shouldFocusError: false,
  });
  // State lands after the next render; the ref stops a second submit that arrives before it.
  const sending = useRef(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const fieldsOf = (error: unknown): [Path<Input>, string][] => {
    const fields = error instanceof ApiError && error.status === 400 ? error.body?.error.fields : undefined;
    const known = Object.keys(form.getValues());
    return Object.entries(fields ?? {})
      .map(([field, key]): [string, string] => [fieldOf(field), key])
      .filter((entry): entry is [Path<Input>, string] => known.includes(entry[0]));
  };

  const sendChecked = async (values: Output) => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setFailure(null);
    try {
      await send(values);
    } catch (error) {
      const mine = fieldsOf(error);
      for (const [field, key] of mine) form.setError(field, { type: 'server', message: key });
      if (mine.length > 0) return;
      if (failureField) form.setError(failureField, { type: 'server', message: failureOf(error) });
      else setFailure(failureOf(error));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => void form.handleSubmit(sendChecked)(event);

  /** Empties the form and its messages, e.g. when a dialog closes. */
  const reset = () => {
    form.reset();
    setFailure(null);
  };

  return { form, control: form.control, onSubmit, reset, busy, failure };
}
