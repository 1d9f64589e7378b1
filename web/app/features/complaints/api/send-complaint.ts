import type { ComplaintRequest } from '@rendezvous/contract';
import { apiRequest } from '../../../lib/api-client';
import { lazySchemas } from '../../../lib/lazy-schemas';

export const complaintSchema = lazySchemas(() => import('./complaint-schemas'));

/** POST /api/complaints.php: a notice or an appeal, answered with the reference it is kept under. */
export function sendComplaint(complaint: ComplaintRequest) {
  return apiRequest('POST', '/api/complaints.php', complaintSchema('ComplaintResponseSchema'), { body: complaint });
}
