/** Display helpers for threads and messages. */
import type { Message, UserSummary } from '@/lib/api/messaging';

export function personName(user: Pick<UserSummary, 'firstName' | 'lastName'> | null | undefined): string {
  if (!user) return 'Unknown member';
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || 'Unknown member';
}

export function personInitials(user: Pick<UserSummary, 'firstName' | 'lastName'> | null | undefined): string {
  return `${user?.firstName?.[0] ?? ''}${user?.lastName?.[0] ?? ''}`.toUpperCase() || '?';
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const weekday = new Intl.DateTimeFormat('en-PH', { weekday: 'short' });
const dayMonth = new Intl.DateTimeFormat('en-PH', { day: 'numeric', month: 'short' });
const dayMonthYear = new Intl.DateTimeFormat('en-PH', { day: 'numeric', month: 'short', year: 'numeric' });
const clock = new Intl.DateTimeFormat('en-PH', { hour: 'numeric', minute: '2-digit' });

/** "just now", "5 min", "3 h", "Yesterday", "Mon", "Jan 12", "Jan 12, 2023". */
export function relativeTime(iso: string | null | undefined, now: number = Date.now()): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const diff = now - t;
  if (diff < MINUTE) return 'just now';
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)} min`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)} h`;
  if (diff < 2 * DAY) return 'Yesterday';
  if (diff < 7 * DAY) return weekday.format(t);
  const date = new Date(t);
  return date.getFullYear() === new Date(now).getFullYear() ? dayMonth.format(date) : dayMonthYear.format(date);
}

/** The time under a message ("3:05 PM"; with the date when it is not today). */
export function messageTime(iso: string, now: number = Date.now()): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const date = new Date(t);
  const today = new Date(now);
  if (date.toDateString() === today.toDateString()) return clock.format(date);
  return `${dayMonth.format(date)}, ${clock.format(date)}`;
}

/** One line for the thread list: the text, else what was attached; "You: " before one's own. */
export function messagePreview(message: Pick<Message, 'content' | 'attachments' | 'sender'> | null, meId: string | undefined): string {
  if (!message) return 'No messages yet';
  const text = message.content.trim().replace(/\s+/g, ' ');
  let body = text;
  if (!body) {
    const n = message.attachments.length;
    if (n === 0) body = 'Message';
    else if (n > 1) body = `${n} attachments`;
    else body = message.attachments[0].type === 'image' ? 'Photo' : message.attachments[0].type === 'video' ? 'Video' : 'PDF document';
  }
  return message.sender._id === meId ? `You: ${body}` : body;
}
