import {
  StaffListResponseSchema,
  StaffPasswordResponseSchema,
  StaffResponseSchema,
  type CreateStaffRequest,
  type UpdateStaffRequest,
} from '@rendezvous/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { CONSOLE_QUERY_KEY } from '../../../lib/console-session';
import type { Reconfirmed } from '../../../components/reconfirm';

/** Every staff call asks for a code from the last 10 minutes; `reconfirmed` asks for it when needed. */
export function staffQueryOptions(reconfirmed: Reconfirmed) {
  return queryOptions({
    queryKey: [CONSOLE_QUERY_KEY, 'staff'],
    queryFn: ({ signal }) =>
      reconfirmed(() => apiRequest('GET', '/api/console/staff', StaffListResponseSchema, { signal })),
    // A dismissed code dialog is an answer too: the screen offers to ask again rather than asking at once.
    retry: false,
  });
}

export const createStaff = (body: CreateStaffRequest) =>
  apiRequest('POST', '/api/console/staff', StaffPasswordResponseSchema, { body });

export const updateStaff = (id: number, body: UpdateStaffRequest) =>
  apiRequest('PUT', `/api/console/staff/${id}`, StaffResponseSchema, { body });

/** The calls on one account that take no input: access, two-factor login, password. */
export const STAFF_ACTIONS = ['disable', 'enable', 'reset-two-factor', 'reset-password'] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

export const runStaffAction = (id: number, action: Exclude<StaffAction, 'reset-password'>) =>
  apiRequest('POST', `/api/console/staff/${id}/${action}`, StaffResponseSchema, { body: {} });

export const resetStaffPassword = (id: number) =>
  apiRequest('POST', `/api/console/staff/${id}/reset-password`, StaffPasswordResponseSchema, { body: {} });
