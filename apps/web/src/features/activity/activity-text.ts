import { ACTIVITY_KINDS, type ActivityKind } from '@app/domain';
import type { ActivityDto, GetMyActivityApiArg, SearchActivityApiArg } from '@/lib/api/generated';

export type Activity = ActivityDto;
export { ACTIVITY_KINDS, type ActivityKind };

/** How many entries the dashboard shows, and how many a page of /activity holds. */
export const RECENT_ACTIVITY_COUNT = 5;
export const ACTIVITY_PAGE_SIZE = 20;

/** The filter's words for each kind (the activity page's "Show" menu). */
export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  viewed_listing: 'Listings you viewed',
  saved_listing: 'Listings you saved',
  saved_search: 'Searches you saved',
  messaged: 'Messages to owners',
  reviewed: 'Your reviews',
  created_listing: 'Listings you added',
  shared: 'Listings you shared',
  listing_saved_by_other: 'Saves of your listings',
  listing_reviewed_by_other: 'Reviews of your listings',
  listing_verified: 'Your verified listings',
};

export const isActivityKind = (value: unknown): value is ActivityKind =>
  typeof value === 'string' && (ACTIVITY_KINDS as readonly string[]).includes(value);

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
  ['week', 7 * 24 * 60 * 60],
];

/**
 * When something happened, in words, from `now`: "just now", "5 minutes ago", "3 hours ago",
 * "yesterday", "4 days ago", "last week", "3 weeks ago", and the date itself from five weeks on
 * ("Mar 12, 2025"). A time a little ahead of `now` (another clock) is "just now".
 */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  const seconds = Math.round((now.getTime() - then.getTime()) / 1000);
  if (Number.isNaN(seconds)) return '';
  if (seconds < 45) return 'just now';
  if (seconds < 5 * 7 * 24 * 60 * 60) {
    // the largest unit that fits: 90 minutes is "1 hour ago", 36 hours "yesterday"
    const [unit, size] = [...STEPS].reverse().find(([, s]) => seconds >= s) ?? STEPS[0];
    return relative.format(-Math.max(1, Math.floor(seconds / size)), unit);
  }
  return then.toLocaleDateString('en-PH', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Manila' });
}

/** The full date and time, for a tooltip. */
export function fullTime(iso: string): string {
  return new Date(iso).toLocaleString('en-PH', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Manila' });
}

/** The activity page's state in its address: `?kind=<one kind>&page=<n>` (anything else is the default). */
export interface ActivityFilter {
  kind: ActivityKind | null;
  page: number;
}

export function parseActivityFilter(params: URLSearchParams): ActivityFilter {
  const kind = params.get('kind');
  const page = Number(params.get('page'));
  return { kind: isActivityKind(kind) ? kind : null, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

export function activityFilterParams({ kind, page }: ActivityFilter): Record<string, string> {
  return { ...(kind ? { kind } : {}), ...(page > 1 ? { page: String(page) } : {}) };
}

/** The arguments of the activity calls: every screen builds the same, so they share cache entries. */
export const activityArgs = {
  recent: (): GetMyActivityApiArg => ({ page: 1, limit: RECENT_ACTIVITY_COUNT }),
  search: ({ kind, page }: ActivityFilter): SearchActivityApiArg => ({
    activitySearchDto: { page, limit: ACTIVITY_PAGE_SIZE, ...(kind ? { query: { kind: [kind] } } : {}) },
  }),
};
