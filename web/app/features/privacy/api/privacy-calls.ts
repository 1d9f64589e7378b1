import { DATA_EXPORT_PATH } from '@rendezvous/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { lazySchemas } from '../../../lib/lazy-schemas';

const schema = lazySchemas(() => import('./privacy-schemas'));

/** While an export is prepared the section asks again this often, so "ready" shows without a reload. */
export const DATA_EXPORT_POLL_MS = 5_000;

/** GET /api/data_export.php: the member's latest export, prepared or ready; null when none. */
export function getDataExport(signal?: AbortSignal) {
  return apiRequest('GET', DATA_EXPORT_PATH, schema('DataExportResponseSchema'), { signal });
}

export function dataExportQueryOptions() {
  return queryOptions({
    queryKey: ['data-export'],
    queryFn: ({ signal }) => getDataExport(signal),
    refetchInterval: (query) => (query.state.data?.export?.state === 'pending' ? DATA_EXPORT_POLL_MS : false),
  });
}

/** POST /api/data_export.php: asks for a copy; the server prepares it and mails the link. */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', DATA_EXPORT_PATH, schema('DataExportResponseSchema'), { body: {} }),
    onSuccess: (answer) => queryClient.setQueryData(dataExportQueryOptions().queryKey, answer),
  });
}
