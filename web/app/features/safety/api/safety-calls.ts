import type { ReportRequest } from '@rendezvous/contract';
import { apiSend } from '../../../lib/api-client';

/** POST /api/block.php: hides both members from each other everywhere. */
export function blockMember(profileId: number) {
  return apiSend('POST', '/api/block.php', { profile: profileId });
}

/** POST /api/report.php: stored for the operator, with the conversation when reported from one. */
export function reportMember(report: ReportRequest) {
  return apiSend('POST', '/api/report.php', report);
}
