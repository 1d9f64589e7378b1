import { config } from 'zod';
import { ruleOfIssue } from './zod-messages';

let configured = false;

/**
 * Gives zod the messages members read. A module of its own, loaded with the first form check:
 * `import('zod')` itself would need zod's whole namespace, every locale and the JSON Schema
 * converters included (89 KB gzipped instead of about a fifth of that).
 *
 * `config`, not `z.config`: the build takes every `z.…()` call for a pure one (vite.config.ts), and
 * dropped this one, whose result nobody reads, so a check without a message of its own would have
 * shown zod's English.
 */
export function configureZodMessages(): void {
  if (configured) return;
  config({ customError: ruleOfIssue });
  configured = true;
}
