import { useEffect, useState } from 'react';
import { getActivationStatus } from '../api/signup-calls';
import { ACTIVATION_MAX_TICKS, ACTIVATION_TICK_MS } from '../lib/signup-steps';

/**
 * Spec §2/§7: asks GET /api/activate.php every 900 ms, at most 20 times, whether the activation
 * mail was delivered; stops as soon as it was. `count` is the number of ticks so far.
 */
export function useActivationProgress() {
  const [count, setCount] = useState(0);
  const [delivered, setDelivered] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
      setCount(ticks);
      if (ticks >= ACTIVATION_MAX_TICKS) clearInterval(timer);
      getActivationStatus(controller.signal)
        .then((status) => {
          if (!status.delivered || controller.signal.aborted) return;
          clearInterval(timer);
          setDelivered(true);
        })
        .catch((error: unknown) => {
          // One failed poll is no reason to stop; the next tick asks again.
          if (!controller.signal.aborted) console.warn('Activation status failed', error);
        });
    }, ACTIVATION_TICK_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, []);

  return { count, delivered };
}
