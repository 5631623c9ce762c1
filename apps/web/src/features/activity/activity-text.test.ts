import { describe, expect, it } from 'vitest';
import { ACTIVITY_KINDS } from '@app/domain';
import { ACTIVITY_ICONS } from './ActivityIcon';
import {
  ACTIVITY_KIND_LABELS,
  ACTIVITY_PAGE_SIZE,
  activityArgs,
  activityFilterParams,
  parseActivityFilter,
} from './activity-text';

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
