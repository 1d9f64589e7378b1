import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * Compiles a writer of JSON for values of a zod schema: only the schema's fields, as the schema
 * types them, so nothing outside the contract leaves. For the busiest answers, where validating
 * each value with zod and then JSON.stringify costs more than finding it; the values' types are
 * checked by the compiler instead.
 */
export function jsonWriter<Schema extends z.ZodType>(schema: Schema): (value: z.output<Schema>) => string {
  return fastJson(z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }) as Parameters<typeof fastJson>[0]);
}
