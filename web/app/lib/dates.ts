// Making a formatter costs far more than formatting with one: a chat list of 30 chats made 60 as
// it hydrated, a long task on a phone (issue 17). One per language and options, made on first use.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The date-time formatter for this regional code and these options, made once. */
export function dateTimeFormat(regional: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${regional} ${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(regional, options);
    formatters.set(key, format);
  }
  return format;
}

/** Date and time in full in the member's regional format (chats' tooltips, the credits ledger, notifications). */
export function formatFullTime(iso: string, regional: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(regional, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
