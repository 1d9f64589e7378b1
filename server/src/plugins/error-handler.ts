import type { ErrorBody } from '@rendezvous/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';

function send(reply: FastifyReply, status: number, error: ErrorBody['error']) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ error } satisfies ErrorBody);
}

/** The one owner of error responses: 400 with fields, 403, 404 in JSON, 500 without internals. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const { code, message, fields, holder } = error;
      return send(reply, error.statusCode, { code, message, fields, holder });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'request');
        fields[field] ??= issue.message;
      }
      return send(reply, 400, { code: 'validation_failed', message: 'Invalid input', fields });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return send(reply, 413, { code: 'payload_too_large', message: 'The request is too large.' });
    if (status === 429)
      return send(reply, 429, { code: 'rate_limited', message: 'Too many requests, please wait a moment.' });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, bad content type) are the caller's mistake, not ours.
      return send(reply, status, { code: 'validation_failed', message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { code: 'internal', message: 'Something went wrong on our side. Please try again.' });
  });
});
