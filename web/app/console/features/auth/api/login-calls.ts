import {
  ConsoleLoginResponseSchema,
  RecoveryCodesResponseSchema,
  TotpEnrolmentSchema,
  TotpVerifiedResponseSchema,
  type ConsoleLoginRequest,
} from '@rendezvous/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { CONSOLE_QUERY_KEY } from '../../../lib/console-session';

export const logIn = (body: ConsoleLoginRequest) =>
  apiRequest('POST', '/api/console/login', ConsoleLoginResponseSchema, { body });

/** The secret to enrol, the same until a code confirms it (a reload shows the same QR code). */
export function enrolmentQueryOptions(staffId: number) {
  return queryOptions({
    queryKey: [CONSOLE_QUERY_KEY, 'enrolment', staffId],
    queryFn: ({ signal }) => apiRequest('GET', '/api/console/totp/enrolment', TotpEnrolmentSchema, { signal }),
    staleTime: Infinity,
  });
}

export const enrol = (code: string) =>
  apiRequest('POST', '/api/console/totp/enrol', RecoveryCodesResponseSchema, { body: { code } });

export const verifyCode = (code: string) =>
  apiRequest('POST', '/api/console/totp/verify', TotpVerifiedResponseSchema, { body: { code } });

export const redeemRecoveryCode = (recoveryCode: string) =>
  apiRequest('POST', '/api/console/totp/recover', TotpVerifiedResponseSchema, {
    body: { recovery_code: recoveryCode },
  });
