import { MEMBER_DETAIL_PATH, MemberDetailSchema, type MemberDetail } from '@rendezvous/contract';
import type { AppLoadContext } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { lazySchemas } from '../../../lib/lazy-schemas';
import { loadRecord, notFoundResponse, RECORD_ID } from '../../../lib/server-record';

const memberPath = (memberId: number | string) => `${MEMBER_DETAIL_PATH}?id=${memberId}`;
const schema = lazySchemas(() => import('./member-schemas'));

/** GET /api/member.php: one member's page; an unknown or deleted member is a 404 ApiError. */
export function getMember(memberId: number, signal?: AbortSignal) {
  return apiRequest('GET', memberPath(memberId), schema('MemberDetailSchema'), { signal });
}

/**
 * The same call from a page loader on the server, as the visitor: an id that names nobody, or a
 * member they may not see (unknown, gone, blocked), makes the page a 404 in its first HTML.
 */
export async function loadMember(context: AppLoadContext, memberId: string): Promise<MemberDetail> {
  if (!RECORD_ID.test(memberId)) throw notFoundResponse();
  return loadRecord(context, memberPath(memberId), MemberDetailSchema);
}
