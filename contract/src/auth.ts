import { z } from 'zod';

/** The spec leaves the login call out; this is ours (POST /api/login.php). */
export const LoginRequestSchema = z.object({
  email: z.string().trim().min(1, 'Value is required').max(254),
  password: z.string().min(1, 'Value is required').max(1024),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;
