import { useState } from 'react';

export type ResendState = 'idle' | 'sending' | 'sent';

/**
 * The state of a "send the mail again" button: busy while the promise runs, sent once it
 * resolves. A rejection only makes the button available again; the caller reports failures.
 */
export function useResend(onResend: (() => void | Promise<void>) | undefined) {
  const [state, setState] = useState<ResendState>('idle');
  const resend = async () => {
    if (!onResend) return;
    setState('sending');
    try {
      await onResend();
      setState('sent');
    } catch {
      setState('idle');
    }
  };
  return { state, resend };
}
