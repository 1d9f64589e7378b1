/** Date and time in full in the member's regional format (chats' tooltips, the credits ledger, notifications). */
export function formatFullTime(iso: string, regional: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(regional, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
