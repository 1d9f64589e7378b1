import {
  CONSOLE_INBOX_PATHS,
  ClaimResponseSchema,
  OwnClaimsResponseSchema,
  QueueResponseSchema,
  ReleaseResponseSchema,
  TakeNextResponseSchema,
  consolePath,
  type QueueQuery,
} from '@rendezvous/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { CONSOLE_QUERY_KEY } from '../../../lib/console-session';

/** Every inbox answer sits under this key, so one invalidation reaches them all. */
export const INBOX_KEY = [CONSOLE_QUERY_KEY, 'inbox'] as const;
export const QUEUE_KEY = [...INBOX_KEY, 'queue'] as const;
export const CLAIMS_KEY = [...INBOX_KEY, 'claims'] as const;

/** The waiting conversations, narrowed to a site and/or language. */
export function queueQueryOptions(filters: QueueQuery) {
  const params = new URLSearchParams();
  if (filters.site) params.set('site', filters.site);
  if (filters.language) params.set('language', filters.language);
  const search = params.size > 0 ? `?${params}` : '';
  return queryOptions({
    queryKey: [...QUEUE_KEY, filters],
    queryFn: ({ signal }) =>
      apiRequest('GET', `${CONSOLE_INBOX_PATHS.queue}${search}`, QueueResponseSchema, { signal }),
  });
}

/** The caller's open claims: the workspace's tabs. */
export function ownClaimsQueryOptions() {
  return queryOptions({
    queryKey: CLAIMS_KEY,
    queryFn: ({ signal }) => apiRequest('GET', CONSOLE_INBOX_PATHS.claims, OwnClaimsResponseSchema, { signal }),
  });
}

export const takeNext = () => apiRequest('POST', CONSOLE_INBOX_PATHS.next, TakeNextResponseSchema, { body: {} });

/** Takes a conversation, or refreshes one's own claim on it. */
export const claimConversation = (conversation: number) =>
  apiRequest('POST', consolePath(CONSOLE_INBOX_PATHS.claim, conversation), ClaimResponseSchema, { body: {} });

export const releaseClaim = (conversation: number) =>
  apiRequest('DELETE', consolePath(CONSOLE_INBOX_PATHS.claim, conversation), ReleaseResponseSchema);

/** Hands the claim to a staff member, oneself included ("take over"); supervisors only. */
export const assignClaim = (conversation: number, staff: number) =>
  apiRequest('POST', consolePath(CONSOLE_INBOX_PATHS.assign, conversation), ClaimResponseSchema, { body: { staff } });
