import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/**
 * The member on the dev checkout (issue 16): opens the page the order sent them to, presses a
 * button, and comes back through the return path, as the browser would. Returns where the return
 * sent them (the order's transaction page).
 */
export async function answerDevCheckout(
  app: FastifyInstance,
  redirectUrl: string,
  outcome: 'paid' | 'failed' | 'cancelled' | 'later',
): Promise<string> {
  const url = new URL(redirectUrl);
  expect((await app.inject({ url: url.pathname + url.search })).statusCode).toBe(200);
  const decided = await app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      order: url.searchParams.get('order')!,
      sig: url.searchParams.get('sig')!,
      outcome,
    }).toString(),
  });
  expect(decided.statusCode, decided.body).toBe(303);
  const back = new URL(decided.headers.location as string);
  const returned = await app.inject({ url: back.pathname + back.search });
  expect(returned.statusCode).toBe(303);
  return returned.headers.location as string;
}
