import {
  AccountDeletedSchema,
  ActivationResentSchema,
  EmailChangedSchema,
  EmailChangePendingSchema,
  EmailChangeUndoneSchema,
  PasswordChangedSchema,
  PasswordResetSentSchema,
  type PasswordChange,
  UserSchema,
} from '@rendezvous/contract';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** Spec §7: the answer `done` means the session is gone. */
export function logOut() {
  return apiRequest('GET', '/api/logout.php', z.literal('done'));
}

export function getUser(signal?: AbortSignal) {
  return apiRequest('GET', '/api/user.php', UserSchema, { signal });
}

export function requestPasswordReset(email: string) {
  return apiRequest('POST', '/api/password_reset.php', PasswordResetSentSchema, { body: { email } });
}

export function confirmPasswordReset(token: string, password: string) {
  return apiRequest('POST', '/api/password_reset_confirm.php', UserSchema, { body: { token, password } });
}

export function deleteAccount(password: string) {
  return apiRequest('POST', '/api/account_delete.php', AccountDeletedSchema, { body: { password } });
}

export function requestEmailChange(email: string, password: string) {
  return apiRequest('POST', '/api/email_change.php', EmailChangePendingSchema, { body: { email, password } });
}

export function confirmEmailChange(token: string) {
  return apiRequest('POST', '/api/email_change_confirm.php', EmailChangedSchema, { body: { token } });
}

/** Puts the old address back and ends every session; the answer's token opens the new-password page. */
export function undoEmailChange(token: string) {
  return apiRequest('POST', '/api/email_change_undo.php', EmailChangeUndoneSchema, { body: { token } });
}

export function resendActivation() {
  return apiRequest('POST', '/api/activate.php', ActivationResentSchema, { body: {} });
}

/** Ends the member's other sessions; this browser gets a fresh one with the answer. */
export function changePassword(change: PasswordChange) {
  return apiRequest('POST', '/api/password_change.php', PasswordChangedSchema, { body: change });
}
