import { z } from 'zod';
import { ruleOfIssue } from './zod-messages';

let configured = false;

/**
 * Gives zod the messages members read. A module of its own, loaded with the first form check:
 * `import('zod')` itself would need zod's whole namespace, every locale and the JSON Schema
 * converters included (89 KB gzipped instead of about a fifth of that).
 */
export function configureZodMessages(): void {
  if (configured) return;
  z.config({ customError: ruleOfIssue });
  configured = true;
}
