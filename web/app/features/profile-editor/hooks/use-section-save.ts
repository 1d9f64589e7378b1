import type { User } from '@rendezvous/contract';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';

export type SaveState = 'idle' | 'busy' | 'saved';

/** A server field name as the forms name it: 'profile.personal.about_me' → 'about_me', 'region' → 'countryregion'. */
export function formFieldOf(field: string): string {
  const name = field.replace(/^profile\./, '').replace(/^personal\./, '');
  return name === 'region' ? 'countryregion' : name;
}

function failureOf(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) return 'profile_edit.logged_out';
  if (error instanceof ApiError && error.status === 429) return 'profile_edit.rate_limited';
  return 'profile_edit.save_failed';
}

/**
 * One section's save: busy while the call runs, "saved" until the next edit, the server's
 * reasons by field, and a message for the whole form when no field of this form is to blame.
 */
export function useSectionSave(fields: readonly string[], onSaved: (user: User) => void) {
  const [state, setState] = useState<SaveState>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  async function save(call: () => Promise<User>) {
    setState('busy');
    setFailure(null);
    setFieldErrors({});
    try {
      const user = await call();
      setState('saved');
      onSaved(user);
    } catch (error) {
      setState('idle');
      const reasons = error instanceof ApiError && error.status === 400 ? error.body?.error.fields : undefined;
      const mine = Object.entries(reasons ?? {})
        .map(([field, reason]) => [formFieldOf(field), reason] as const)
        .filter(([field]) => fields.includes(field));
      if (mine.length > 0) {
        setFieldErrors(Object.fromEntries(mine));
        return;
      }
      console.warn('Saving the profile failed', error);
      setFailure(failureOf(error));
    }
  }

  /** An edit after saving makes the "saved" note stale. */
  function edited() {
    setState((current) => (current === 'saved' ? 'idle' : current));
  }

  return { state, failure, fieldErrors, setFieldErrors, save, edited };
}
