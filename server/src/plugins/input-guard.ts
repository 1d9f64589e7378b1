import { VALIDATION } from '@rendezvous/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { invalidInput } from '../errors.js';

/**
 * C0 and C1 control characters other than tab, line feed and carriage return. PostgreSQL refuses
 * NUL in text (a 500 deep in a query), and none of them belongs in anything a person types.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * No call has a field of this name, and code that copies a parsed object key by key (zod's record
 * among them) would set the copy's prototype instead. The JSON parser lets it through so that this
 * check can name the field.
 */
const PROTOTYPE_KEY = '__proto__';

type Finding = [field: string, reason: string];

/** Dotted paths (`profile.city`, `photos.0`) of the strings and keys that no call accepts, with why. */
function findRefusedInput(value: unknown, path: string, found: Finding[]): void {
  if (typeof value === 'string') {
    if (CONTROL_CHARACTER.test(value)) found.push([path, VALIDATION.controlCharacters]);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => findRefusedInput(item, path ? `${path}.${index}` : String(index), found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const itemPath = path ? `${path}.${key}` : key;
      if (key === PROTOTYPE_KEY) found.push([itemPath, VALIDATION.unknownField]);
      else if (CONTROL_CHARACTER.test(key)) found.push([itemPath, VALIDATION.controlCharacters]);
      else findRefusedInput(item, itemPath, found);
    }
  }
}

/**
 * Refuses control characters and `__proto__` keys in every call's parsed body, query and path parameters before any
 * route sees them, so no text column on either database ever has to cope with them.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const found: Finding[] = [];
    for (const part of [request.params, request.query, request.body]) findRefusedInput(part, '', found);
    // A body that is itself a string has no field name of its own.
    if (found.length > 0) throw invalidInput(Object.fromEntries(found.map(([field, why]) => [field || 'body', why])));
  });
});
