import {
  CONSOLE_MODERATION_PATH,
  CONSOLE_MODERATION_PHOTO_PATH,
  ModerationClaimResponseSchema,
  ModerationReleaseResponseSchema,
  ModerationDecisionResponseSchema,
  ModerationEvidenceSchema,
  ModerationItemDetailSchema,
  ModerationQueueResponseSchema,
  UnbanResponseSchema,
  type AccountDecisionRequest,
  type ItemDecisionRequest,
  type ModerationQueueQuery,
} from '@rendezvous/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { CONSOLE_QUERY_KEY } from '../../../lib/console-session';

export const MODERATION_KEY = [CONSOLE_QUERY_KEY, 'moderation'] as const;
const itemPath = (id: number, rest = '') => `${CONSOLE_MODERATION_PATH}/items/${id}${rest}`;

/** A photo file as staff see it, also one nobody else may (waiting for review, removed, banned member). */
export const consolePhotoUrl = (name: string) => `${CONSOLE_MODERATION_PHOTO_PATH}/${encodeURIComponent(name)}`;

/** How often the open queue is read again, so items others filed or took show without a reload. */
const QUEUE_REFRESH_MS = 30_000;

/** Open items under the filters, priority first, then oldest first. */
export function moderationQueueQueryOptions(query: ModerationQueueQuery) {
  const search = new URLSearchParams(
    Object.entries(query).flatMap(([name, value]) =>
      value === undefined || value === '' ? [] : [[name, String(value)]],
    ),
  );
  return queryOptions({
    queryKey: [...MODERATION_KEY, 'queue', query],
    queryFn: ({ signal }) =>
      apiRequest('GET', `${CONSOLE_MODERATION_PATH}/items?${search.toString()}`, ModerationQueueResponseSchema, {
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_REFRESH_MS,
  });
}

export function moderationItemQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...MODERATION_KEY, 'item', id],
    queryFn: ({ signal }) => apiRequest('GET', itemPath(id), ModerationItemDetailSchema, { signal }),
  });
}

export const claimItem = (id: number) =>
  apiRequest('POST', itemPath(id, '/claim'), ModerationClaimResponseSchema, { body: {} });

export const releaseItem = (id: number) =>
  apiRequest('DELETE', itemPath(id, '/claim'), ModerationReleaseResponseSchema);

export const decideItem = (id: number, body: ItemDecisionRequest) =>
  apiRequest('POST', itemPath(id, '/decide'), ModerationDecisionResponseSchema, { body });

/** A ban, a suspension or an appeal's reversal: the server asks for the code again after 10 minutes. */
export const decideAccount = (id: number, body: AccountDecisionRequest) =>
  apiRequest('POST', itemPath(id, '/decide-account'), ModerationDecisionResponseSchema, { body });

export const unbanMember = (memberId: number) =>
  apiRequest('POST', `${CONSOLE_MODERATION_PATH}/members/${memberId}/unban`, UnbanResponseSchema, { body: {} });

/** Everything on record about an item in one file for the authorities: the server asks for the code again. */
export const itemEvidence = (id: number) => apiRequest('GET', itemPath(id, '/evidence'), ModerationEvidenceSchema);
