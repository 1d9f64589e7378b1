import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { LINE_WAIT_MS, lazySchemas } from './lazy-schemas';

const module = { NameSchema: z.string(), AgeSchema: z.number() };

describe('lazySchemas', () => {
  it('loads a module once for all the schemas taken from it', async () => {
    const load = vi.fn(() => Promise.resolve(module));
    const schema = lazySchemas(load);

    const [name, age, nameAgain] = await Promise.all([
      schema('NameSchema')(),
      schema('AgeSchema')(),
      schema('NameSchema')(),
    ]);

    expect(name.parse('Anna')).toBe('Anna');
    expect(age.parse(61)).toBe(61);
    expect(nameAgain).toBe(name);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the module again on the next call after a load failed', async () => {
    const load = vi
      .fn<() => Promise<typeof module>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(module);
    const schema = lazySchemas(load);

    await expect(schema('NameSchema')()).rejects.toThrow('Failed to fetch');
    const name = await schema('NameSchema')();

    expect(name.parse('Anna')).toBe('Anna');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads a module only once the one asked for before it has come, so that each is built in a task of its own', async () => {
    const order: string[] = [];
    let arrive = () => {};
    const chats = lazySchemas(
      () =>
        new Promise<typeof module>((resolve) => {
          order.push('chats asked');
          arrive = () => {
            order.push('chats came');
            resolve(module);
          };
        }),
    );
    const likes = lazySchemas(() => {
      order.push('likes asked');
      return Promise.resolve(module);
    });

    const both = Promise.all([chats('NameSchema')(), likes('AgeSchema')()]);
    await vi.waitFor(() => expect(order).toContain('chats asked'));
    expect(order).not.toContain('likes asked');
    arrive();
    await both;

    expect(order).toEqual(['chats asked', 'chats came', 'likes asked']);
  });

  it('lets the next module load after a second when the one before it does not come', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const stalled = lazySchemas(() => new Promise<typeof module>(() => {}));
      const asked = vi.fn(() => Promise.resolve(module));
      const next = lazySchemas(asked);

      void stalled('NameSchema')();
      const name = next('NameSchema')();
      await vi.advanceTimersByTimeAsync(LINE_WAIT_MS - 1);
      expect(asked).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(asked).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect((await name).parse('Anna')).toBe('Anna');
    } finally {
      vi.useRealTimers();
    }
  });
});
