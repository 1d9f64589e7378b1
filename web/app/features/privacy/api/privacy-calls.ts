import {
  DATA_EXPORT_PATH,
  PROFILE_VIEW_PATH,
  PROFILE_VISITORS_PATH,
  SEARCH_VISIBILITY_PATH,
  TWO_FACTOR_PATH,
  TWO_FACTOR_SETUP_PATH,
  type TwoFactorConfirmRequest,
  type TwoFactorDisableRequest,
} from '@rendezvous/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiSend } from '../../../lib/api-client';
import { lazySchemas } from '../../../lib/lazy-schemas';

export const privacySchema = lazySchemas(() => import('./privacy-schemas'));

/** While an export is prepared the section asks again this often, so "ready" shows without a reload. */
export const DATA_EXPORT_POLL_MS = 5_000;

/** GET /api/data_export.php: the member's latest export, prepared or ready; null when none. */
export function getDataExport(signal?: AbortSignal) {
  return apiRequest('GET', DATA_EXPORT_PATH, privacySchema('DataExportResponseSchema'), { signal });
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
    mutationFn: () => apiRequest('POST', DATA_EXPORT_PATH, privacySchema('DataExportResponseSchema'), { body: {} }),
    onSuccess: (answer) => queryClient.setQueryData(dataExportQueryOptions().queryKey, answer),
  });
}

/** GET /api/two_factor.php: whether two-factor login is on, and how many recovery codes are left. */
export function getTwoFactor(signal?: AbortSignal) {
  return apiRequest('GET', TWO_FACTOR_PATH, privacySchema('TwoFactorStatusSchema'), { signal });
}

export function twoFactorQueryOptions() {
  return queryOptions({ queryKey: ['two-factor'], queryFn: ({ signal }) => getTwoFactor(signal) });
}

/** POST /api/two_factor_setup.php: the secret to scan (the same one until it is confirmed). */
export function startTwoFactorSetup() {
  return apiRequest('POST', TWO_FACTOR_SETUP_PATH, privacySchema('TotpEnrolmentSchema'), { body: {} });
}

/** PUT /api/two_factor.php: the first code turns it on; the answer holds the recovery codes, once. */
export function confirmTwoFactor(request: TwoFactorConfirmRequest) {
  return apiRequest('PUT', TWO_FACTOR_PATH, privacySchema('RecoveryCodesResponseSchema'), { body: request });
}

/** DELETE /api/two_factor.php: the password and a code turn it off. */
export function disableTwoFactor(request: TwoFactorDisableRequest) {
  return apiRequest('DELETE', TWO_FACTOR_PATH, privacySchema('TwoFactorStatusSchema'), { body: request });
}

/** GET /api/search_visibility.php: whether the member hides from search. */
export function getSearchVisibility(signal?: AbortSignal) {
  return apiRequest('GET', SEARCH_VISIBILITY_PATH, privacySchema('SearchVisibilitySchema'), { signal });
}

export function searchVisibilityQueryOptions() {
  return queryOptions({ queryKey: ['search-visibility'], queryFn: ({ signal }) => getSearchVisibility(signal) });
}

/** PUT /api/search_visibility.php: the server's answer becomes the cached setting. */
export function useSetSearchVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hidden: boolean) =>
      apiRequest('PUT', SEARCH_VISIBILITY_PATH, privacySchema('SearchVisibilitySchema'), { body: { hidden } }),
    onSuccess: (answer) => queryClient.setQueryData(searchVisibilityQueryOptions().queryKey, answer),
  });
}

/** POST /api/profile_view.php: the member page's one report that it was opened (who viewed me). */
export function recordProfileView(profile: number) {
  return apiSend('POST', PROFILE_VIEW_PATH, { profile });
}

/** GET /api/profile_visitors.php: who opened the member's profile, newest first. */
export function getProfileVisitors(signal?: AbortSignal) {
  return apiRequest('GET', PROFILE_VISITORS_PATH, privacySchema('ProfileVisitorsResponseSchema'), { signal });
}

export function profileVisitorsQueryOptions() {
  return queryOptions({ queryKey: ['profile-visitors'], queryFn: ({ signal }) => getProfileVisitors(signal) });
}

/** PUT /api/profile_visitors.php: whether the member's own visits show; the answer is the list again. */
export function useSetVisitTrace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (leavesTrace: boolean) =>
      apiRequest('PUT', PROFILE_VISITORS_PATH, privacySchema('ProfileVisitorsResponseSchema'), {
        body: { leaves_trace: leavesTrace },
      }),
    onSuccess: (answer) => queryClient.setQueryData(profileVisitorsQueryOptions().queryKey, answer),
  });
}
