import { describe, expect, it } from 'vitest';
import { headingEnd, withHeadingTitle } from './heading-title';

const HEAD = '<head><meta charSet="utf-8"/><title>Zoë &amp; Co</title></head>';

describe('withHeadingTitle', () => {
  it('names the page by its first heading’s text and the site, as the browser will', () => {
    const body =
      '</head><body><nav><a href="/">Zoë &amp; Co</a></nav><main><h1 class="text-xl">Anna<!-- -->, <span>61</span> &lt;3</h1><h1>Later</h1>';
    expect(withHeadingTitle(HEAD, body)).toBe(
      '<head><meta charSet="utf-8"/><title>Anna, 61 &lt;3 · Zoë &amp; Co</title></head>',
    );
  });

  it('keeps the site’s name alone where the heading is the site’s name or there is none', () => {
    expect(withHeadingTitle(HEAD, '</head><body><h1>\n  Zoë &amp; Co </h1>')).toBe(HEAD);
    expect(withHeadingTitle(HEAD, '</head><body><p>No heading</p>')).toBe(HEAD);
  });

  it('writes characters by number as themselves', () => {
    expect(withHeadingTitle(HEAD, '</head><body><h1>L&#x27;amour &#233;ternel</h1>')).toContain(
      "<title>L'amour éternel · Zoë &amp; Co</title>",
    );
  });
});

describe('headingEnd', () => {
  it('finds the end of the first heading once it has come whole, not an element whose name begins alike', () => {
    expect(headingEnd('<header><h1>Hi</h1>')).toBe('<header><h1>Hi</h1>'.length);
    expect(headingEnd('<header><h1>Hi')).toBe(-1);
    expect(headingEnd('<h10>no</h10>')).toBe(-1);
  });
});
