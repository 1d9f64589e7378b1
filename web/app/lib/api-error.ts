import type { ErrorBody } from '@rendezvous/contract';

/** A refused API call: its status and, when the server sent one, the error body. Kept free of zod on purpose. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | undefined,
  ) {
    super(body?.error.message ?? `Request failed with status ${status}`);
  }
}
