import type { z } from 'zod';
import { invalidInput } from '../errors.js';

/**
 * Validates a value against a contract schema where Fastify's route schema cannot
 * (one path, several payloads): the same 400 with fields as route validation.
 */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || 'body';
    fields[field] ??= issue.message;
  }
  throw invalidInput(fields);
}
