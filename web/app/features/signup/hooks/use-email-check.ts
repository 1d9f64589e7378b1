import type { ValidateEmailResponse } from '@rendezvous/contract';
import { CancelledError, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { emailCheckQueryOptions } from '../api/signup-calls';

export type EmailStatus = ValidateEmailResponse['status'];

/** The answer for one address: its status and the token the sign-up sends back, or a failed check. */
export type EmailCheck =
  | { email: string; state: 'checking' }
  | { email: string; state: 'done'; status: EmailStatus; token: string }
  | { email: string; state: 'failed' };

/** Spec §5: only worth asking the server once the value holds an @ and a dot. */
export function shouldCheckEmail(value: string): boolean {
  return value.includes('@') && value.includes('.');
}

/**
 * Checks an address with GET /api/validate_email.php, through the app's cache: an address asked
 * before is answered from there, asking again while its check is on its way shares that request,
 * and a check for another address cancels the one in flight (spec §5), so a slow answer for an
 * old value never overwrites a newer one. `check` is the state of the address asked last; the
 * form shows it only while the field still holds that address.
 */
export function useEmailCheck() {
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState<string | null>(null);
  // `run` asks; this only shows the answer, and must not ask again for a check that failed before it showed.
  const query = useQuery({ ...emailCheckQueryOptions(asked ?? ''), enabled: false });

  const askedLast = useRef<string | null>(null);

  const run = useCallback(
    async (email: string): Promise<EmailCheck | null> => {
      askedLast.current = email;
      setAsked(email);
      void queryClient.cancelQueries({
        queryKey: ['validate-email'],
        predicate: (other) => other.queryKey[1] !== email,
      });
      // A check is cancelled when another address is asked, and when the cache lets go of it as the
      // form renders anew (it had no screen showing it yet): then, still the address asked last, it
      // is asked again, or the sign-up it waits for would stop without a word.
      for (let attempt = 0; ; attempt += 1) {
        try {
          const answer = await queryClient.fetchQuery(emailCheckQueryOptions(email));
          return { email, state: 'done', status: answer.status, token: answer.token };
        } catch (error) {
          // Spec §8: a failed check (logged by the cache) marks the address invalid; leaving the field again retries.
          if (!(error instanceof CancelledError)) return { email, state: 'failed' };
          if (askedLast.current !== email || attempt > 0) return null;
        }
      }
    },
    [queryClient],
  );

  return { check: checkOf(asked, query), run };
}

function checkOf(email: string | null, query: UseQueryResult<ValidateEmailResponse>): EmailCheck | null {
  if (email === null) return null;
  if (query.isFetching) return { email, state: 'checking' };
  if (query.isSuccess) return { email, state: 'done', status: query.data.status, token: query.data.token };
  if (query.isError) return { email, state: 'failed' };
  return null;
}
