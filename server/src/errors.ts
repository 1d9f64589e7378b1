import type { ErrorBody, ErrorCode } from '@rendezvous/contract';

/** An error whose status, code and message are safe to show the client. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Who holds a conversation another operator tried to take or answer. */
    readonly holder?: ErrorBody['error']['holder'],
  ) {
    super(message);
  }
}

export const notLoggedIn = () => new AppError(403, 'not_logged_in', 'You need to log in first.');
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const invalidInput = (fields: Record<string, string>, message = 'Invalid input') =>
  new AppError(400, 'validation_failed', message, fields);
