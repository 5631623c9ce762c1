import { describe, expect, it } from 'vitest';
import { formatArea, formatDistance, timeAgo } from './format';

describe('formatArea and formatDistance', () => {
  it('writes square metres with separators and distances in m under a kilometre', () => {
    expect(formatArea(1250.5)).toBe('1,250.5 m²');
    expect(formatDistance(350.4)).toBe('350 m');
    expect(formatDistance(1240)).toBe('1.2 km');
  });
});

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
