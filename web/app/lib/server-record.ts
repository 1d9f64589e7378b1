import { data, type AppLoadContext } from 'react-router';
import type { z } from 'zod';
import { ApiError } from './api-error';

/** The error boundary's not-found page, with the status the HTML is sent with. */
export const notFoundResponse = () => data(null, { status: 404, statusText: 'Not Found' });

/** Record ids in paths are positive integers that fit the database; anything else names nothing. */
export const RECORD_ID = /^\d{1,15}$/;

/**
 * One record for a server-rendered page, read through the API as the visitor. A 404 from the
 * API (unknown, deleted, banned, blocked, another member's) becomes the page's 404, so the
 * status and the not-found page arrive with the first HTML; other failures keep their status.
 */
export async function loadRecord<T extends z.ZodType>(
  context: AppLoadContext,
  path: string,
  schema: T,
): Promise<z.infer<T>> {
  const response = await context.api.get(path);
  if (response.status === 404) throw notFoundResponse();
  if (response.status >= 400) throw data(null, { status: response.status });
  return schema.parse(response.body);
}

/**
 * An answer a server-rendered page can also do without (issue 17): checked by its schema, or null
 * on any refusal or failure, when the screen asks from the browser and shows that answer's state.
 */
export async function loadIfAnswered<T extends z.ZodType>(
  context: AppLoadContext,
  path: string,
  schema: T,
): Promise<z.infer<T> | null> {
  const response = await context.api.get(path);
  return response.status === 200 ? schema.parse(response.body) : null;
}

/** The same record read in the browser (a client loader): the API's 404 becomes the not-found page too. */
export async function notFoundOn404<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFoundResponse();
    throw error;
  }
}
