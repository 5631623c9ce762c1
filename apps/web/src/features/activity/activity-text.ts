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
