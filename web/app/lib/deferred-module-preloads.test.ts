import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { deferModulePreloads } from './deferred-module-preloads';

async function run(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(deferModulePreloads()));
}

describe('deferModulePreloads', () => {
  it('marks the head’s module preloads low priority and leaves the body alone', async () => {
    const html =
      '<html><head><link rel="modulepreload" href="/a.js"/><link rel="stylesheet" href="/s.css"/>' +
      '<link rel="modulepreload" href="/b.js"/></head><body><p><link rel="modulepreload" href="/c.js"/></p></body></html>';
    const out = await run([Buffer.from(html)]);
    expect(out).toContain('<link rel="modulepreload" fetchpriority="low" href="/a.js"/>');
    expect(out).toContain('<link rel="modulepreload" fetchpriority="low" href="/b.js"/>');
    expect(out).toContain('<link rel="stylesheet" href="/s.css"/>');
    expect(out).toContain('<p><link rel="modulepreload" href="/c.js"/></p>');
  });

  it('keeps characters whole when chunks split them, and a head split across chunks', async () => {
    const html = Buffer.from('<head><link rel="modulepreload" href="/a.js"/></head><body>Zoë — ❤</body>');
    const cut = html.indexOf(Buffer.from('ë')) + 1;
    const out = await run([html.subarray(0, 20), html.subarray(20, cut), html.subarray(cut)]);
    expect(out).toBe('<head><link rel="modulepreload" fetchpriority="low" href="/a.js"/></head><body>Zoë — ❤</body>');
  });
});
