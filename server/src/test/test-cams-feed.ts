import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubFeedAnswer {
  status?: number;
  body?: unknown;
  /** Sent as is instead of `body` as JSON. */
  raw?: string;
  delayMs?: number;
}

export interface TestCamsFeed {
  /** For CAMS_FEED_URL. */
  url: string;
  /** Every request's URL, in order of arrival. */
  requests: URL[];
  /** What every following request gets. */
  answer(next: StubFeedAnswer): void;
  close(): Promise<void>;
}

/** A webcam partner's feed on a local port (format: features/partners/http-cams-feed.ts). */
export async function startTestCamsFeed(initial: StubFeedAnswer = { body: { performers: [] } }): Promise<TestCamsFeed> {
  let answer = initial;
  const requests: URL[] = [];
  const server = http.createServer((request, response) => {
    requests.push(new URL(request.url ?? '/', 'http://stub.invalid'));
    const { status = 200, body, raw, delayMs = 0 } = answer;
    setTimeout(() => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(raw ?? JSON.stringify(body));
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.json`,
    requests,
    answer(next) {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
