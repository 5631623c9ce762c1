/**
 * When something happened, in words: one wording for the notifications, the activity history and the
 * title of a message's time. Kept out of lib/format.ts, which the first page loads.
 */
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const shortDate = new Intl.DateTimeFormat('en-PH', { day: 'numeric', month: 'short' });
const shortDateYear = new Intl.DateTimeFormat('en-PH', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * How long ago something happened: "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago",
 * then the date ("Jan 12", with the year when it is not this year). A time ahead of `now` (a clock a
 * little off) is "just now"; an unreadable one is "".
 */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const diff = now - t;
  if (diff < MINUTE_MS) return 'just now';
  if (diff < HOUR_MS) return `${Math.floor(diff / MINUTE_MS)} min ago`;
  if (diff < DAY_MS) return `${Math.floor(diff / HOUR_MS)} h ago`;
  const days = Math.floor(diff / DAY_MS);
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  const date = new Date(t);
  return date.getFullYear() === new Date(now).getFullYear() ? shortDate.format(date) : shortDateYear.format(date);
}

/** A date and time in full ("Jan 12, 2025, 3:05 PM"), e.g. for the title of a `timeAgo`. */
export function formatDateTime(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? '' : dateTime.format(t);
}
