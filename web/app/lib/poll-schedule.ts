import { useIsFetching, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { hasPushSubscription } from './push-subscription';

interface PollIntervals {
  intervalMs: number;
  /** Push brings the news instead, so the polling slows down. */
  withPushMs: number;
  /** The first call waits this long after the member is known. */
  delayMs?: number;
}

/**
 * Spec §9 polling as query options for one member (null: logged out, no polling): `enabled` once
 * the first delay has passed and this browser is known to hold a push subscription or not, with
 * the interval that follows from that. The subscription is checked again after each call for
 * `queryKey`, so subscribing during sign-up slows the polling from the next answer on.
 */
export function usePollSchedule(
  memberId: number | null,
  { intervalMs, withPushMs, delayMs = 0 }: PollIntervals,
  queryKey: QueryKey,
): { enabled: boolean; refetchInterval: number } {
  const fetching = useIsFetching({ queryKey }) > 0;
  const [startedFor, setStartedFor] = useState<number | null>(null);
  const [push, setPush] = useState<{ memberId: number; subscribed: boolean } | null>(null);

  useEffect(() => {
    if (memberId === null || delayMs === 0) return;
    const timer = setTimeout(() => setStartedFor(memberId), delayMs);
    return () => clearTimeout(timer);
  }, [memberId, delayMs]);

  useEffect(() => {
    if (memberId === null || fetching) return;
    let current = true;
    void hasPushSubscription().then((subscribed) => {
      if (current) setPush({ memberId, subscribed });
    });
    return () => {
      current = false;
    };
  }, [memberId, fetching]);

  return {
    enabled: memberId !== null && (delayMs === 0 || startedFor === memberId) && push?.memberId === memberId,
    refetchInterval: push?.subscribed ? withPushMs : intervalMs,
  };
}
