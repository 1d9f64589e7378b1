import type { User } from '@rendezvous/contract';
import { useEffect, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { useApiForm, type ApiFormOptions } from '../../../lib/forms/use-api-form';

/** A server field name as the forms name it: 'profile.personal.about_me' → 'about_me', 'region' → 'countryregion'. */
export function formFieldOf(field: string): string {
  const name = field.replace(/^profile\./, '').replace(/^personal\./, '');
  return name === 'region' ? 'countryregion' : name;
}

function failureOf(error: unknown): string {
  console.warn('Saving the profile failed', error);
  if (error instanceof ApiError && error.status === 403) return 'profile_edit.logged_out';
  if (error instanceof ApiError && error.status === 429) return 'profile_edit.rate_limited';
  return 'profile_edit.save_failed';
}

export type SectionFormOptions<Input extends FieldValues, Output> = Omit<
  ApiFormOptions<Input, Output>,
  'send' | 'failureOf' | 'fieldOf'
> & {
  save: (values: Output) => Promise<User>;
  onSaved: (user: User) => void;
};

/**
 * One section's form: the shared submit, the server's reasons by this form's field names, and
 * "saved" until the next edit.
 */
export function useSectionForm<Input extends FieldValues, Output = Input>({
  save,
  onSaved,
  ...options
}: SectionFormOptions<Input, Output>) {
  const [saved, setSaved] = useState(false);
  const api = useApiForm<Input, Output>({
    ...options,
    send: async (values) => {
      setSaved(false);
      const user = await save(values);
      setSaved(true);
      onSaved(user);
    },
    failureOf,
    fieldOf: formFieldOf,
  });

  const { watch } = api.form;
  useEffect(() => {
    // An edit after saving makes the "saved" note stale.
    const subscription = watch(() => setSaved(false));
    return () => subscription.unsubscribe();
  }, [watch]);

  return { ...api, saved };
}
