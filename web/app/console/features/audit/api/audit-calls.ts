import { AuditPageSchema, type AuditQuery } from '@rendezvous/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { CONSOLE_QUERY_KEY } from '../../../lib/console-session';

/** The audit log under the filters, newest first, a page at a time. */
export function auditQueryOptions(filters: AuditQuery) {
  return infiniteQueryOptions({
    queryKey: [CONSOLE_QUERY_KEY, 'audit', filters],
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries({ ...filters, before: pageParam })) {
        if (value !== undefined && value !== '') query.set(name, String(value));
      }
      return apiRequest('GET', `/api/console/audit?${query.toString()}`, AuditPageSchema, { signal });
    },
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next_before ?? undefined,
  });
}
