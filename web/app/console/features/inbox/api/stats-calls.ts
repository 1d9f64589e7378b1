import { CONSOLE_INBOX_PATHS, StatsResponseSchema } from '@rendezvous/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { INBOX_KEY } from './queue-calls';

export const STATS_KEY = [...INBOX_KEY, 'stats'] as const;
/**
 * Who counts as online changes without an event (a console closed, a heartbeat missed): the
 * supervisor's view asks again this often besides following the queue's events.
 */
export const STATS_REFRESH_MS = 30_000;

/** The supervisor's view over the last `hours`. */
export function statsQueryOptions(hours: number) {
  return queryOptions({
    queryKey: [...STATS_KEY, hours],
    queryFn: ({ signal }) =>
      apiRequest('GET', `${CONSOLE_INBOX_PATHS.stats}?hours=${hours}`, StatsResponseSchema, { signal }),
    refetchInterval: STATS_REFRESH_MS,
  });
}
