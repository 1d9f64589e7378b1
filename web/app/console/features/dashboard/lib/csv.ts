/**
 * Rows as CSV (RFC 4180): a header line, then one line a row, every field quoted where it holds a
 * comma, a quote or a line break. A field that starts like a formula is prefixed with a quote mark,
 * so a spreadsheet shows a traffic source named "=HYPERLINK(…)" as text instead of running it.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  const field = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    const safe = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
