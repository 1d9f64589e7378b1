import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('CSV export', () => {
  it('writes a header and rows, quoting what needs it', () => {
    expect(
      toCsv(
        ['day', 'source', 'visits'],
        [
          ['2026-10-01', 'ads, "summer"', 40],
          ['2026-10-02', null, 0],
        ],
      ),
    ).toBe('day,source,visits\r\n2026-10-01,"ads, ""summer""",40\r\n2026-10-02,,0\r\n');
  });

  it('keeps a spreadsheet from running a field as a formula', () => {
    expect(toCsv(['source'], [['=HYPERLINK("x")'], ['-1'], [-1]])).toBe(
      'source\r\n"\'=HYPERLINK(""x"")"\r\n\'-1\r\n-1\r\n',
    );
  });
});
