import { useQuery } from '@tanstack/react-query';
import { useLimitedPoll } from '../../../lib/poll-schedule';
import { activationStatusQueryOptions } from '../api/signup-calls';
import { ACTIVATION_MAX_TICKS, ACTIVATION_TICK_MS } from '../lib/signup-steps';

const POLLING = { intervalMs: ACTIVATION_TICK_MS, maxPolls: ACTIVATION_MAX_TICKS };

/**
 * Spec §2/§7: asks GET /api/activate.php every 900 ms, at most 20 times, whether the activation
 * mail was delivered; stops as soon as it was. `count` is the number of answers so far, failed ones included.
 */
export function useActivationProgress(memberId: number) {
  const options = activationStatusQueryOptions();
  const { polls, options: schedule } = useLimitedPoll(memberId, POLLING, options.queryKey, (status) =>
    Boolean(status.delivered),
  );
  const { data } = useQuery({ ...options, ...schedule });
  return { count: polls, delivered: Boolean(data?.delivered) };
}
