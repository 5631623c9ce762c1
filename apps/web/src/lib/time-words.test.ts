import { describe, expect, it } from 'vitest';
import { formatDateTime, timeAgo } from './time-words';

describe('timeAgo', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  const MIN = 60_000;
  const H = 60 * MIN;
  const D = 24 * H;

  it('says minutes, hours, yesterday and days, then the date', () => {
    expect(timeAgo(ago(20_000), now)).toBe('just now');
    expect(timeAgo(ago(-5_000), now)).toBe('just now');
    expect(timeAgo(ago(MIN), now)).toBe('1 min ago');
    expect(timeAgo(ago(59 * MIN), now)).toBe('59 min ago');
    expect(timeAgo(ago(3 * H + 10 * MIN), now)).toBe('3 h ago');
    expect(timeAgo(ago(D + H), now)).toBe('yesterday');
    expect(timeAgo(ago(6 * D), now)).toBe('6 days ago');
    expect(timeAgo('2026-01-12T12:00:00Z', now)).toBe('Jan 12');
    expect(timeAgo('2025-01-12T12:00:00Z', now)).toBe('Jan 12, 2025');
    expect(timeAgo('not a date', now)).toBe('');
  });
});

describe('formatDateTime', () => {
  it('writes the date and the time in full, and nothing for an unreadable time', () => {
    expect(formatDateTime('2026-03-10T04:05:00Z')).toMatch(/^Mar 10, 2026, \d{1,2}:05\s?[AP]M$/);
    expect(formatDateTime('not a date')).toBe('');
  });
});
