import { MEMBER_DETAIL_PATH, MemberDetailSchema } from '@rendezvous/contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/member.php: one member's page; an unknown or deleted member is a 404 ApiError. */
export function getMember(memberId: number, signal?: AbortSignal) {
  return apiRequest('GET', `${MEMBER_DETAIL_PATH}?id=${memberId}`, MemberDetailSchema, { signal });
}
