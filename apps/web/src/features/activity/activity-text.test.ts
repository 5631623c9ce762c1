import { describe, expect, it } from 'vitest';
import { ACTIVITY_KINDS } from '@app/domain';
import { ACTIVITY_ICONS } from './ActivityIcon';
import {
  ACTIVITY_KIND_LABELS,
  ACTIVITY_PAGE_SIZE,
  activityArgs,
  activityFilterParams,
  parseActivityFilter,
  relativeTime,
} from './activity-text';

const NOW = new Date('2025-03-20T12:00:00.000Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000).toISOString();
const MIN = 60;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it.each([
    [0, 'just now'],
    [44, 'just now'],
    [50, '1 minute ago'],
    [5 * MIN, '5 minutes ago'],
    [59 * MIN, '59 minutes ago'],
    [90 * MIN, '1 hour ago'],
    [3 * HOUR, '3 hours ago'],
    [36 * HOUR, 'yesterday'],
    [4 * DAY, '4 days ago'],
    [8 * DAY, 'last week'],
    [3 * 7 * DAY, '3 weeks ago'],
  ])('%i seconds ago is "%s"', (seconds, words) => {
    expect(relativeTime(ago(seconds), NOW)).toBe(words);
  });

  it('gives the date from five weeks on, and "just now" for a time a little ahead (another clock)', () => {
    expect(relativeTime('2025-01-10T04:00:00.000Z', NOW)).toBe('Jan 10, 2025');
    expect(relativeTime(new Date(NOW.getTime() + 30_000).toISOString(), NOW)).toBe('just now');
    expect(relativeTime('not a date', NOW)).toBe('');
  });
});

describe('activity kinds', () => {
  it('has a label and an icon for every kind the API records', () => {
    for (const kind of ACTIVITY_KINDS) {
      expect(ACTIVITY_KIND_LABELS[kind]).toMatch(/\w/);
      expect(ACTIVITY_ICONS[kind]).toBeTruthy();
    }
    expect(new Set(Object.values(ACTIVITY_KIND_LABELS)).size).toBe(ACTIVITY_KINDS.length);
  });
});

describe('the activity page address', () => {
  it('reads a known kind and a page, and ignores anything else', () => {
    expect(parseActivityFilter(new URLSearchParams('kind=shared&page=3'))).toEqual({ kind: 'shared', page: 3 });
    expect(parseActivityFilter(new URLSearchParams('kind=hacked&page=-2'))).toEqual({ kind: null, page: 1 });
    expect(parseActivityFilter(new URLSearchParams('page=2.5'))).toEqual({ kind: null, page: 1 });
    expect(parseActivityFilter(new URLSearchParams(''))).toEqual({ kind: null, page: 1 });
  });

  it('writes only what differs from the default, and reads back what it wrote', () => {
    expect(activityFilterParams({ kind: null, page: 1 })).toEqual({});
    const params = activityFilterParams({ kind: 'viewed_listing', page: 2 });
    expect(params).toEqual({ kind: 'viewed_listing', page: '2' });
    expect(parseActivityFilter(new URLSearchParams(params))).toEqual({ kind: 'viewed_listing', page: 2 });
  });

  it('asks POST /activity/search for one kind, a page at a time', () => {
    expect(activityArgs.search({ kind: 'saved_listing', page: 2 })).toEqual({
      activitySearchDto: { page: 2, limit: ACTIVITY_PAGE_SIZE, query: { kind: ['saved_listing'] } },
    });
    expect(activityArgs.search({ kind: null, page: 1 })).toEqual({ activitySearchDto: { page: 1, limit: ACTIVITY_PAGE_SIZE } });
  });
});
