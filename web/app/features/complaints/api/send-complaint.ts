import { ComplaintResponseSchema, type ComplaintRequest } from '@rendezvous/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/complaints.php: a notice or an appeal, answered with the reference it is kept under. */
export function sendComplaint(complaint: ComplaintRequest) {
  return apiRequest('POST', '/api/complaints.php', ComplaintResponseSchema, { body: complaint });
}
