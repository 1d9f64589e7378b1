import { useIsFetching, useQueryClient, type DataTag, type QueryKey, type QueryState } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { hasPushSubscription } from './push-subscription';

interface PollIntervals {
  intervalMs: number;
  /** Push brings the news instead, so the polling slows down. */
  withPushMs: number;
  /** The first call waits this long after the member is known. */
  delayMs?: number;
}

/** Whether `delayMs` has passed since this member became known: at once without a delay, never for null. */
function useStartedFor(memberId: number | null, delayMs: number): boolean {
  const [startedFor, setStartedFor] = useState<number | null>(null);
  useEffect(() => {
    if (memberId === null || delayMs === 0) return;
    const timer = setTimeout(() => setStartedFor(memberId), delayMs);
    return () => clearTimeout(timer);
  }, [memberId, delayMs]);
  return memberId !== null && (delayMs === 0 || startedFor === memberId);
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
  const started = useStartedFor(memberId, delayMs);
  const [push, setPush] = useState<{ memberId: number; subscribed: boolean } | null>(null);

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
    enabled: started && push?.memberId === memberId,
    refetchInterval: push?.subscribed ? withPushMs : intervalMs,
  };
}

interface PollLimit {
  intervalMs: number;
  /** No more calls after this many answers, failed ones included. */
  maxPolls: number;
}

/** The answers a query has had so far, failed ones included. */
function answersOf(state: QueryState<unknown, unknown> | undefined): number {
  return state ? state.dataUpdateCount + state.errorUpdateCount : 0;
}

/**
 * A poll with an end, for one member (spec §9: the activation screen asks 20 times, 900 ms apart):
 * query options that ask every `intervalMs`, the first time one interval in, until `maxPolls`
 * answers came or `done` holds for the last one; and `polls`, the answers so far. A failed call
 * is not tried again: the next one is an interval away.
 */
export function useLimitedPoll<TData>(
  memberId: number | null,
  { intervalMs, maxPolls }: PollLimit,
  queryKey: DataTag<QueryKey, TData, unknown>,
  done: (data: TData) => boolean,
) {
  const queryClient = useQueryClient();
  const started = useStartedFor(memberId, intervalMs);
  const subscribe = useCallback((changed: () => void) => queryClient.getQueryCache().subscribe(changed), [queryClient]);
  const polls = useSyncExternalStore(
    subscribe,
    () => answersOf(queryClient.getQueryState(queryKey)),
    () => 0,
  );
  return {
    polls,
    options: {
      enabled: started,
      retry: false,
      refetchInterval: ({ state }: { state: QueryState<TData, unknown> }) =>
        answersOf(state) >= maxPolls || (state.data !== undefined && done(state.data)) ? false : intervalMs,
    },
  };
}
