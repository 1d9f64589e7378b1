import { RecoveryCodesResponseSchema, type CapacityRequest } from '@rendezvous/contract';
import { z } from 'zod';
import { apiRequest } from '../../../../lib/api-client';

/** New recovery codes, shown once; the old ones stop working. A sensitive action: it may ask for the code. */
export const regenerateRecoveryCodes = () =>
  apiRequest('POST', '/api/console/recovery-codes', RecoveryCodesResponseSchema, { body: {} });

export const setCapacity = (body: CapacityRequest) =>
  apiRequest('PUT', '/api/console/me/capacity', z.object({ ok: z.literal(true) }), { body });
