import type { ReportRequest } from '@rendezvous/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiSend } from '../../../lib/api-client';
import { lazySchemas } from '../../../lib/lazy-schemas';

const schema = lazySchemas(() => import('./safety-schemas'));

/** POST /api/block.php: hides both members from each other everywhere. */
export function blockMember(profileId: number) {
  return apiSend('POST', '/api/block.php', { profile: profileId });
}

/** GET /api/block.php: the members this member blocked, newest block first. */
export function getBlockedMembers(signal?: AbortSignal) {
  return apiRequest('GET', '/api/block.php', schema('BlockedResponseSchema'), {
    signal,
  });
}

/** The members this member blocked, in the app's cache. */
export function blockedQueryOptions() {
  return queryOptions({ queryKey: ['blocked'], queryFn: ({ signal }) => getBlockedMembers(signal) });
}

/** DELETE /api/block.php: undoes one block; the answer is the list that remains. */
export function unblockMember(profileId: number) {
  return apiRequest('DELETE', '/api/block.php', schema('BlockedResponseSchema'), { body: { profile: profileId } });
}

/** Undoes one block; the server's answer becomes the cached list. */
export function useUnblockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockMember,
    onSuccess: (blocked) => queryClient.setQueryData(blockedQueryOptions().queryKey, blocked),
  });
}

/** POST /api/report.php: stored for the operator, with the conversation when reported from one. */
export function reportMember(report: ReportRequest) {
  return apiSend('POST', '/api/report.php', report);
}
