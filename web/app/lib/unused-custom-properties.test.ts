import { describe, expect, it } from 'vitest';
import { withoutUnusedCustomProperties } from './unused-custom-properties';

describe('critical CSS without the custom properties nothing reads', () => {
  it('keeps what a rule reads, directly or through another property, and drops the rest', () => {
    const css = [
      '@layer theme, base;',
      '@layer theme{:root{--brand:#c00;--brand-strong:var(--brand);--unused:1px;--spacing:.25rem}}',
      '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
      '@property --tw-ring{syntax:"*";inherits:false;initial-value:0 0 #0000}',
      '@layer properties{@supports (not (color:rgb(from red r g b))){*,:before{--tw-ring:0 0 #0000;--tw-shadow:0 0 #0000}}}',
      '@layer utilities{.btn{color:var(--brand-strong);box-shadow:var(--tw-shadow);margin:calc(var(--spacing) * 2)}}',
    ].join('');
    const pruned = withoutUnusedCustomProperties(css);
    expect(pruned).toContain('--brand:#c00');
    expect(pruned).toContain('--brand-strong:var(--brand)');
    expect(pruned).toContain('--spacing:.25rem');
    expect(pruned).toContain('@property --tw-shadow');
    expect(pruned).toContain('--tw-shadow:0 0 #0000');
    expect(pruned).toContain('@layer theme, base;');
    expect(pruned).not.toContain('--unused');
    expect(pruned).not.toContain('--tw-ring');
  });

  it('removes the rules and at-rules it leaves empty', () => {
    const css =
      '@property --tw-ring{syntax:"*";inherits:false}' +
      '@layer properties{@supports (x:y){*,:before{--tw-ring:0}}}' +
      '.a{color:red}';
    expect(withoutUnusedCustomProperties(css)).toBe('.a{color:red}');
  });
});
