import { describe, expect, it } from 'vitest';
import { withoutUnmatchedWhereRules } from './unmatched-where-rules';

describe('withoutUnmatchedWhereRules', () => {
  const css =
    ':where(.space-y-4>:not(:last-child)){margin-block-start:1rem}' +
    ':where(.space-y-8>:not(:last-child)){margin-block-start:2rem}' +
    ':where(.\\[\\&_ol\\]\\:space-y-2 ol>:not(:last-child)){margin-block-start:.5rem}' +
    '.btn{color:red}' +
    '@supports (x:y){:where(.divide-y>:not(:last-child)){border-width:1px}}';

  it('keeps the rules of classes the page has, and every other rule', () => {
    const html = '<body><form class="space-y-4 p-2"><div class="[&amp;_ol]:space-y-2"></div></form></body>';
    const out = withoutUnmatchedWhereRules(css, html);
    expect(out).toContain(':where(.space-y-4>:not(:last-child))');
    expect(out).toContain(':where(.\\[\\&_ol\\]\\:space-y-2 ol>:not(:last-child))');
    expect(out).toContain('.btn{color:red}');
    expect(out).not.toContain('space-y-8');
    expect(out).not.toContain('divide-y');
  });

  it('keeps the selectors of a list the page matches and drops the others', () => {
    const out = withoutUnmatchedWhereRules(
      ':where(.space-y-4>*),:where(.space-y-8>*){margin:0}',
      '<div class="space-y-8"></div>',
    );
    expect(out).toBe(':where(.space-y-8>*){margin:0}');
  });
});
