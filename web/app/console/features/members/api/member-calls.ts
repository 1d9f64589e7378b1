import {
  AccountActionResponseSchema,
  AdjustmentResponseSchema,
  ApprovalsResponseSchema,
  CONSOLE_APPROVALS_PATH,
  CONSOLE_MEMBERS_PATH,
  MemberAdminDetailSchema,
  MemberExportResponseSchema,
  MemberSearchResponseSchema,
  MemberTwoFactorResetResponseSchema,
  NoteResponseSchema,
  type AdjustmentRequest,
  type NoteRequest,
  type StaffEmailChangeRequest,
} from '@rendezvous/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { CONSOLE_QUERY_KEY } from '../../../lib/console-session';

export const MEMBERS_KEY = [CONSOLE_QUERY_KEY, 'members'] as const;
export const APPROVALS_KEY = [CONSOLE_QUERY_KEY, 'approvals'] as const;
const memberPath = (id: number, rest = '') => `${CONSOLE_MEMBERS_PATH}/${id}${rest}`;

/** Members matching an e-mail address, name, id or conversation; nothing is asked for an empty search. */
export function memberSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: [...MEMBERS_KEY, 'search', q],
    queryFn: ({ signal }) =>
      apiRequest(
        'GET',
        `${CONSOLE_MEMBERS_PATH}?${new URLSearchParams({ q }).toString()}`,
        MemberSearchResponseSchema,
        {
          signal,
        },
      ),
    enabled: q.trim() !== '',
  });
}

export function memberQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...MEMBERS_KEY, 'member', id],
    queryFn: ({ signal }) => apiRequest('GET', memberPath(id), MemberAdminDetailSchema, { signal }),
  });
}

export const addMemberNote = (id: number, body: NoteRequest) =>
  apiRequest('POST', memberPath(id, '/notes'), NoteResponseSchema, { body });

/** A refund, credits back or a grant: the server asks for the code again after 10 minutes. */
export const adjustMember = (id: number, body: AdjustmentRequest) =>
  apiRequest('POST', memberPath(id, '/adjustments'), AdjustmentResponseSchema, { body });

export function approvalsQueryOptions() {
  return queryOptions({
    queryKey: APPROVALS_KEY,
    queryFn: ({ signal }) => apiRequest('GET', CONSOLE_APPROVALS_PATH, ApprovalsResponseSchema, { signal }),
  });
}

export const approveAdjustment = (id: number) =>
  apiRequest('POST', `${CONSOLE_APPROVALS_PATH}/${id}/approve`, AdjustmentResponseSchema, { body: {} });

export const refuseAdjustment = (id: number) =>
  apiRequest('POST', `${CONSOLE_APPROVALS_PATH}/${id}/refuse`, AdjustmentResponseSchema, { body: {} });

export const sendPasswordReset = (id: number) =>
  apiRequest('POST', memberPath(id, '/password-reset'), AccountActionResponseSchema, { body: {} });

export const resendActivation = (id: number) =>
  apiRequest('POST', memberPath(id, '/activation'), AccountActionResponseSchema, { body: {} });

/** The new address gets the confirmation link; the code again after 10 minutes. */
export const changeMemberEmail = (id: number, body: StaffEmailChangeRequest) =>
  apiRequest('POST', memberPath(id, '/email-change'), AccountActionResponseSchema, { body });

export const resetMemberTwoFactor = (id: number) =>
  apiRequest('POST', memberPath(id, '/two-factor-reset'), MemberTwoFactorResetResponseSchema, { body: {} });

export const exportMember = (id: number) =>
  apiRequest('POST', memberPath(id, '/export'), MemberExportResponseSchema, { body: {} });

export const deleteMember = (id: number) =>
  apiRequest('POST', memberPath(id, '/delete'), AccountActionResponseSchema, { body: {} });
