import { PATTERNED_FORMATS } from '../../lib/date-patterns';
import { dateTimeFormat } from '../../lib/dates';

/** Today's messages show the time, older ones the date: what a chat list usually shows. */
export function formatChatTime(iso: string, regional: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const sameDay = date.toDateString() === now.toDateString();
  const format = sameDay
    ? PATTERNED_FORMATS.time
    : date.getFullYear() === now.getFullYear()
      ? PATTERNED_FORMATS.dayMonth
      : PATTERNED_FORMATS.dayMonthYear;
  return dateTimeFormat(regional, format).format(date);
}
