import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestCamsFeed, type TestCamsFeed } from '../../test/test-cams-feed.js';
import { CamsFeedError } from './cams-feed.js';
import { createHttpCamsFeed, type HttpCamsFeedOptions } from './http-cams-feed.js';

const IMAGES = 'https://img.partner.example';

const performer = (overrides: Record<string, unknown> = {}) => ({
  username: 'Ingrid_NL',
  display_name: 'Ingrid',
  age: 52,
  gender: 'female',
  country: 'NL',
  image_url: `${IMAGES}/ingrid.jpg`,
  online: true,
  ...overrides,
});

describe('HTTP cams feed', () => {
  let stub: TestCamsFeed;
  let clock: number;
  const log = { warn: vi.fn() };
  const logged = () => JSON.stringify(log.warn.mock.calls);
  const feed = (options: Partial<HttpCamsFeedOptions> = {}) =>
    createHttpCamsFeed({ url: stub.url, imageOrigins: [IMAGES], log, now: () => clock, ...options });

  beforeAll(async () => {
    stub = await startTestCamsFeed();
  });
  afterAll(() => stub.close());
  beforeEach(() => {
    stub.requests.length = 0;
    log.warn.mockClear();
    clock = 1_000_000;
  });

  it('passes the filters on and maps performers to cam items', async () => {
    stub.answer({ body: { performers: [performer(), performer({ username: 'Petra_BE', country: undefined })] } });
    const cams = await feed().search({ gender: 'female', min_age: 40, max_age: 60 });
    expect(stub.requests[0]?.pathname).toBe('/feed.json');
    expect(Object.fromEntries(stub.requests[0]!.searchParams)).toEqual({
      gender: 'female',
      min_age: '40',
      max_age: '60',
    });
    expect(cams).toEqual([
      {
        account: 'Ingrid_NL',
        name: 'Ingrid',
        age: 52,
        gender: 'female',
        country: 'NL',
        thumbnail_url: `${IMAGES}/ingrid.jpg`,
        online: true,
      },
      expect.objectContaining({ account: 'Petra_BE', country: null }),
    ]);
  });

  it('asks the partner once per filters within the cache time, and again after it', async () => {
    stub.answer({ body: { performers: [performer()] } });
    const cams = feed();
    await Promise.all([cams.search({ gender: 'female' }), cams.search({ gender: 'female' })]);
    await cams.search({ gender: 'female' });
    expect(stub.requests).toHaveLength(1);

    await cams.search({ gender: 'male' });
    expect(stub.requests).toHaveLength(2);

    clock += 60_001;
    await cams.search({ gender: 'female' });
    expect(stub.requests).toHaveLength(3);
  });

  it('leaves out performers that break the format or the filters, and keeps the rest', async () => {
    stub.answer({
      body: {
        performers: [
          performer(),
          performer({ username: '1234' }),
          performer({ username: 'NoAge', age: undefined }),
          performer({ username: 'Anton_DE', gender: 'male' }),
          'not an object',
        ],
      },
    });
    const cams = await feed().search({ gender: 'female' });
    expect(cams.map((cam) => cam.account)).toEqual(['Ingrid_NL']);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ skipped: 3, blockedImages: 0 }),
      expect.any(String),
    );
  });

  it('replaces thumbnails from origins the page may not load with a placeholder', async () => {
    stub.answer({ body: { performers: [performer({ image_url: 'https://elsewhere.example/x.jpg' })] } });
    const [cam] = await feed().search({});
    expect(cam?.thumbnail_url).toMatch(/^data:image\/svg\+xml,/);
  });

  it('gives up after the timeout with a timeout error, logs it and asks again next time', async () => {
    stub.answer({ body: { performers: [performer()] }, delayMs: 500 });
    const cams = feed({ timeoutMs: 100 });
    const failure = await cams.search({}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CamsFeedError);
    expect((failure as CamsFeedError).reason).toBe('timeout');
    expect(logged()).toContain('aborted after 100 ms');

    stub.answer({ body: { performers: [performer()] } });
    expect(await cams.search({})).toHaveLength(1);
    expect(stub.requests).toHaveLength(2);
  });

  it.each([
    ['an error status', { status: 500, body: { error: 'down' } }, 'bad_status'],
    ['text instead of JSON', { raw: '<html>maintenance</html>' }, 'bad_body'],
    ['JSON of another shape', { body: { cams: [] } }, 'bad_body'],
  ] as const)('rejects %s with a feed error', async (_label, answer, reason) => {
    stub.answer(answer);
    await expect(feed().search({})).rejects.toMatchObject({ name: 'CamsFeedError', reason });
  });

  it('reports an unreachable partner', async () => {
    const closed = await startTestCamsFeed();
    await closed.close();
    await expect(feed({ url: closed.url }).search({})).rejects.toMatchObject({ reason: 'unreachable' });
  });
});
