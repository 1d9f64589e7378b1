import type { ValidateEmailResponse } from '@rendezvous/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { validateEmail } from '../api/signup-calls';

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

interface InFlight {
  email: string;
  controller: AbortController;
  promise: Promise<EmailCheck | null>;
}

/**
 * Checks an address with GET /api/validate_email.php. A check for another address cancels the
 * one in flight (spec §5), so a slow answer for an old value never overwrites a newer one; asking
 * again for the address already being checked shares that request. `check` is the latest state;
 * the form shows it only while the field still holds that address.
 */
export function useEmailCheck() {
  const [check, setCheck] = useState<EmailCheck | null>(null);
  const inFlight = useRef<InFlight | null>(null);

  useEffect(() => () => inFlight.current?.controller.abort(), []);

  const run = useCallback((email: string): Promise<EmailCheck | null> => {
    if (inFlight.current?.email === email) return inFlight.current.promise;
    inFlight.current?.controller.abort();
    const controller = new AbortController();
    setCheck({ email, state: 'checking' });

    const promise = (async (): Promise<EmailCheck | null> => {
      let result: EmailCheck;
      try {
        const answer = await validateEmail(email, controller.signal);
        result = { email, state: 'done', status: answer.status, token: answer.token };
      } catch (error) {
        if (controller.signal.aborted) return null;
        // Spec §8: a failed check marks the address invalid; leaving the field again retries.
        console.warn('E-mail check failed', error);
        result = { email, state: 'failed' };
      }
      if (inFlight.current?.controller === controller) {
        inFlight.current = null;
        setCheck(result);
      }
      return result;
    })();

    inFlight.current = { email, controller, promise };
    return promise;
  }, []);

  return { check, run };
}
