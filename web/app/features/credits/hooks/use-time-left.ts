import { useEffect, useState } from 'react';

/** Often enough that the minutes shown turn when they should and the notice goes when the offer ends. */
const TICK_MS = 1_000;

/**
 * Milliseconds until `until` (an ISO time the server set), counted down while shown; 0 once it has
 * passed, and null for no end.
 */
export function useTimeLeft(until: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  const end = until === null ? null : Date.parse(until);
  const running = end !== null && end > now;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [running]);
  return end === null ? null : Math.max(0, end - now);
}
