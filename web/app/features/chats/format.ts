import { dateTimeFormat } from '../../lib/dates';

/** Today's messages show the time, older ones the date: what a chat list usually shows. */
export function formatChatTime(iso: string, regional: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const sameDay = date.toDateString() === now.toDateString();
  return dateTimeFormat(
    regional,
    sameDay
      ? { hour: '2-digit', minute: '2-digit' }
      : { day: 'numeric', month: 'short', year: date.getFullYear() === now.getFullYear() ? undefined : 'numeric' },
  ).format(date);
}
