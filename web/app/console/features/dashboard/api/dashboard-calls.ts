import { CONSOLE_DASHBOARD_PATH, DashboardResponseSchema, type DashboardQuery } from '@rendezvous/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { CONSOLE_QUERY_KEY } from '../../../lib/console-session';

export function dashboardQueryOptions(query: DashboardQuery) {
  const search = new URLSearchParams({ site_id: String(query.site_id), from: query.from, to: query.to });
  return queryOptions({
    queryKey: [CONSOLE_QUERY_KEY, 'dashboard', query],
    queryFn: ({ signal }) =>
      apiRequest('GET', `${CONSOLE_DASHBOARD_PATH}?${search.toString()}`, DashboardResponseSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}
