import { CLIENT_HEADER, CSRF_COOKIE, CSRF_HEADER, ORIGINAL_HOST_HEADER, type ErrorBody } from '@rendezvous/contract';
import type { z } from 'zod';
import { ApiError } from './api-error';
import { readCookie } from './cookies';

export { ApiError };

const CLIENT_ID = `@rendezvous/web@${import.meta.env.VITE_APP_VERSION ?? '0.1.0'}`;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Spec §7 headers on every call, and the CSRF token on every state change. */
function apiHeaders(method: Method): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [CLIENT_HEADER]: CLIENT_ID,
    [ORIGINAL_HOST_HEADER]: window.location.host,
  };
  if (method !== 'GET') headers[CSRF_HEADER] = readCookie(CSRF_COOKIE) ?? '';
  return headers;
}

// A plain check rather than the contract's schema: pages that only send (login) then load no zod at all.
function isErrorBody(payload: unknown): payload is ErrorBody {
  const error = (payload as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

async function readPayload(response: Response): Promise<unknown> {
  const payload: unknown = response.headers.get('content-type')?.includes('json')
    ? await response.json()
    : await response.text();
  if (!response.ok) throw new ApiError(response.status, isErrorBody(payload) ? payload : undefined);
  return payload;
}

/**
 * What an answer is checked against: the contract's schema, or a loader of it. A call that a page's
 * first screen can make names a loader (its feature's `*-schemas.ts`), so the page paints without
 * zod; the schema loads while the request is on its way, and the answer waits for it no longer.
 */
export type AnswerSchema<T extends z.ZodType> = T | (() => Promise<T>);

async function parseResponse<T extends z.ZodType>(
  response: Promise<Response>,
  schema: AnswerSchema<T>,
): Promise<z.infer<T>> {
  const [payload, checked] = await Promise.all([
    response.then(readPayload),
    typeof schema === 'function' ? schema() : schema,
  ]);
  return checked.parse(payload);
}

/** A state change whose answer the caller does not need (it reloads the page data instead). */
export async function apiSend(method: Exclude<Method, 'GET'>, path: string, body: unknown): Promise<void> {
  const headers = { ...apiHeaders(method), 'Content-Type': 'application/json' };
  await readPayload(await fetch(path, { method, headers, credentials: 'same-origin', body: JSON.stringify(body) }));
}

/**
 * The one fetch wrapper: spec §7 headers, CSRF on state changes, contract-checked answers.
 * `keepalive` lets a call made as the page goes away (reload, closed tab) still reach the server.
 */
export async function apiRequest<T extends z.ZodType>(
  method: Method,
  path: string,
  schema: AnswerSchema<T>,
  options: { body?: unknown; signal?: AbortSignal; keepalive?: boolean } = {},
): Promise<z.infer<T>> {
  const headers = apiHeaders(method);
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
    keepalive: options.keepalive,
  });
  return parseResponse(response, schema);
}

/** A multipart POST (a photo) with the same headers and answers as `apiRequest`. */
export async function apiUpload<T extends z.ZodType>(
  path: string,
  schema: AnswerSchema<T>,
  form: FormData,
): Promise<z.infer<T>> {
  const response = fetch(path, {
    method: 'POST',
    headers: apiHeaders('POST'),
    credentials: 'same-origin',
    body: form,
  });
  return parseResponse(response, schema);
}
