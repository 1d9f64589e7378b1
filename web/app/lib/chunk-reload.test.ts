import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS } from './constants';
import { isChunkLoadError, reloadAfterChunkError } from './chunk-reload';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('reload after a failed chunk load (spec §8)', () => {
  it('recognises the browsers’ chunk errors and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(
      true,
    );
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
});
