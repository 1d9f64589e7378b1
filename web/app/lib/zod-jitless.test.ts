import { describe, expect, it } from 'vitest';

describe('zod in the browser', () => {
  it('runs without compiled parsers, so a strict CSP sees no eval probe', async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
