import { useRef, useState, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { ApiError } from '../api-error';

/** What `send` answers when the form makes way for another screen: it stays busy, so nothing goes twice meanwhile. */
export const LEAVING = Symbol('leaving');

export interface ApiFormOptions<Input extends FieldValues, Output> {
  defaultValues: DefaultValues<Input>;
  /**
   * The contract schema as a resolver (`lazyZodResolver(…)`, which loads zod on the first check).
   * Left out where the form must never load zod (login, a profile's report dialog): the fields
   * then carry their own `rules`.
   */
  resolver?: Resolver<Input, unknown, Output>;
  /** Sends the checked values; the form stays busy until it resolves, and after that if it answers `LEAVING`. */
  send: (values: Output) => Promise<void | typeof LEAVING>;
  /**
   * The catalogue key for a refusal this form's fields cannot show; `others` holds the server's
   * messages for fields the form does not have.
   */
  failureOf: (error: unknown, others: Record<string, string>) => string;
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

  /** The server's field messages, split into this form's fields and the rest. */
  const fieldsOf = (error: unknown) => {
    const fields = error instanceof ApiError && error.status === 400 ? error.body?.error.fields : undefined;
    const known = Object.keys(form.getValues());
    const mine: [Path<Input>, string][] = [];
    const others: Record<string, string> = {};
    for (const [serverField, key] of Object.entries(fields ?? {})) {
      const field = fieldOf(serverField);
      if (isKnown(field)) mine.push([field, key]);
      else others[field] = key;
    }
    return { mine, others };

    function isKnown(field: string): field is Path<Input> {
      return known.includes(field);
    }
  };

  const sendChecked = async (values: Output) => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setFailure(null);
    try {
      if ((await send(values)) === LEAVING) return;
    } catch (error) {
      showRefusal(error);
    }
    sending.current = false;
    setBusy(false);
  };

  const showRefusal = (error: unknown) => {
    const { mine, others } = fieldsOf(error);
    for (const [field, key] of mine) form.setError(field, { type: 'server', message: key });
    // Nothing the server said is dropped: what no field here can show goes to the form's message.
    if (mine.length > 0 && Object.keys(others).length === 0) return;
    const message = failureOf(error, others);
    if (failureField) form.setError(failureField, { type: 'server', message });
    else setFailure(message);
  };

  // A check that could not run (its schema did not load) is refused like a send that failed.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void form.handleSubmit(sendChecked)(event).catch(showRefusal);

  /** Empties the form and its messages, e.g. when a dialog closes. */
  const reset = () => {
    form.reset();
    setFailure(null);
  };

  return { form, control: form.control, onSubmit, reset, busy, failure };
}
