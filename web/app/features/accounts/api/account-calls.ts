import { DISCOUNT_CODE_PATH, type PasswordChange } from '@rendezvous/contract';
import { apiRequest } from '../../../lib/api-client';
import { lazySchemas } from '../../../lib/lazy-schemas';
import { loadUserSchema } from '../../../lib/user-calls';

export const accountSchema = lazySchemas(() => import('./account-schemas'));

/** Spec §7: the answer `done` means the session is gone. */
export function logOut() {
  return apiRequest('GET', '/api/logout.php', accountSchema('LoggedOutSchema'));
}

export function getUser(signal?: AbortSignal) {
  return apiRequest('GET', '/api/user.php', loadUserSchema, { signal });
}

export function requestPasswordReset(email: string) {
  return apiRequest('POST', '/api/password_reset.php', accountSchema('PasswordResetSentSchema'), { body: { email } });
}

export function confirmPasswordReset(token: string, password: string) {
  return apiRequest('POST', '/api/password_reset_confirm.php', loadUserSchema, { body: { token, password } });
}

export function deleteAccount(password: string) {
  return apiRequest('POST', '/api/account_delete.php', accountSchema('AccountDeletedSchema'), { body: { password } });
}

/**
 * GET /api/discountcode.php?delete=true: the site's delete_discount as the member's own code, or
 * null when there is none or it cannot be had: the parting offer then goes without a link.
 */
export function getDeleteOffer(signal?: AbortSignal) {
  return apiRequest('GET', `${DISCOUNT_CODE_PATH}?delete=true`, accountSchema('DiscountCodeSchema'), { signal }).catch(
    () => null,
  );
}

export function requestEmailChange(email: string, password: string) {
  return apiRequest('POST', '/api/email_change.php', accountSchema('EmailChangePendingSchema'), {
    body: { email, password },
  });
}

export function confirmEmailChange(token: string) {
  return apiRequest('POST', '/api/email_change_confirm.php', accountSchema('EmailChangedSchema'), { body: { token } });
}

/** Puts the old address back and ends every session; the answer's token opens the new-password page. */
export function undoEmailChange(token: string) {
  return apiRequest('POST', '/api/email_change_undo.php', accountSchema('EmailChangeUndoneSchema'), {
    body: { token },
  });
}

export function resendActivation() {
  return apiRequest('POST', '/api/activate.php', accountSchema('ActivationResentSchema'), { body: {} });
}

/** Ends the member's other sessions; this browser gets a fresh one with the answer. */
export function changePassword(change: PasswordChange) {
  return apiRequest('POST', '/api/password_change.php', accountSchema('PasswordChangedSchema'), { body: change });
}
