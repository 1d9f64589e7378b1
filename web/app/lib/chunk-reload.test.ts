import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS } from './constants';
import { isChunkLoadError, reloadAfterChunkError, reloadIfChunkIsGone } from './chunk-reload';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

const failed = (url: string) => new TypeError(`Failed to fetch dynamically imported module: ${url}`);

describe('reload after a failed chunk load (spec §8)', () => {
  it('recognises the browsers’ chunk errors and nothing else', () => {
    expect(isChunkLoadError(failed('https://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Network request failed'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  it('reloads once, not again within 10 s, and again after', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadAfterChunkError({ now: 1_000, storage, reload })).toBe(true);
    expect(reloadAfterChunkError({ now: 1_000 + CHUNK_RELOAD_GUARD_MS - 1, storage, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadAfterChunkError({ now: 1_000 + CHUNK_RELOAD_GUARD_MS, storage, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('reloads only for a chunk the server no longer has, not one a navigation or the network cancelled', async () => {
    const answer = (status: number) => vi.fn(async () => new Response(null, { status })) as unknown as typeof fetch;
    const offline = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
    const chunk = failed('http://localhost:5000/assets/chat-AbC123.js');
    const tries = [
      { fetchImpl: answer(200), reloads: false },
      { fetchImpl: offline, reloads: false },
      { fetchImpl: answer(404), reloads: true },
    ];
    for (const { fetchImpl, reloads } of tries) {
      const reload = vi.fn();
      expect(await reloadIfChunkIsGone(chunk, { storage: memoryStorage(), reload, fetchImpl })).toBe(reloads);
      expect(reload).toHaveBeenCalledTimes(reloads ? 1 : 0);
    }
    expect(vi.mocked(tries[2]!.fetchImpl)).toHaveBeenCalledWith('http://localhost:5000/assets/chat-AbC123.js', {
      method: 'HEAD',
      cache: 'no-store',
    });
  });
});
