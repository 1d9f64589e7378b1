import { vi } from 'vitest';

export interface FakeCall {
  method: string;
  url: string;
  body: unknown;
}

type Handler = (call: FakeCall) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Stands in for the network: `fetch` is replaced by a table of "METHOD /path" handlers (the
 * query string is left out of the match). Our own code, apiRequest included, runs for real.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    const call = { method, url, body };
    calls.push(call);
    const handler = routes[`${method} ${url.split('?')[0]}`];
    if (!handler) throw new Error(`No fake for ${method} ${url}`);
    if (init.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.url.startsWith(path)),
  };
}
