import { z } from 'zod';
import { VALIDATION } from './validation.js';

/** The spec leaves the login call out; this is ours (POST /api/login.php). */
export const LoginRequestSchema = z.object({
  email: z.string({ error: VALIDATION.required }).trim().min(1, VALIDATION.required).max(254, VALIDATION.tooLong),
  password: z.string({ error: VALIDATION.required }).min(1, VALIDATION.required).max(1024, VALIDATION.tooLong),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;
