import { CONTACT_PATH, ContactSentSchema, type ContactRequest, type VisitorContactRequest } from '@rendezvous/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/contact.php: a member sends subject and message; a visitor adds name and address. */
export function sendContactMessage(message: ContactRequest | VisitorContactRequest) {
  return apiRequest('POST', CONTACT_PATH, ContactSentSchema, { body: message });
}
