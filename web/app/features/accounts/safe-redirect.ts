/** Only paths on this site: `//evil.example` and `https://…` would make login an open redirect. */
export function safeRedirectTarget(value: string | null, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
