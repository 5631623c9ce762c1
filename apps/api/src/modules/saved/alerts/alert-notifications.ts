import { createHash } from 'node:crypto';
import type { ListingForAlerts } from '../../listings/listings.service';
import type { NotificationInput } from '../../notifications/notifications.service';
import type { AlertedSearch } from './saved-search-alerts.repository';

/** A notification names this many listings in its body, and carries at most this many ids. */
const NAMED = 3;
export const MAX_NOTIFIED_IDS = 100;
/** Asia/Manila is UTC+8 all year (no daylight saving). */
const MANILA_OFFSET_MS = 8 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

const searchName = (s: Pick<AlertedSearch, 'name'>) => s.name?.trim() || 'your saved search';
const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-PH')} ${n === 1 ? one : many}`;

/** "Condo in Lahug (Cebu City); House in Banilad (Cebu City) and 3 more". */
export function listingsLine(listings: Pick<ListingForAlerts, 'name' | 'cityName'>[]): string {
  const named = listings.slice(0, NAMED).map((l) => `${l.name} (${l.cityName})`);
  const more = listings.length - named.length;
  return `${named.join('; ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** An instant alert: the new matches of one search since its last alert. */
export function instantNotification(search: AlertedSearch, listings: ListingForAlerts[]): NotificationInput {
  const n = listings.length;
  return {
    userId: search.userId,
    kind: 'saved_search',
    title: n === 1 ? `New listing for “${searchName(search)}”` : `${plural(n, 'new listing', 'new listings')} for “${searchName(search)}”`,
    body: listingsLine(listings),
    data: {
      savedSearchId: search.id,
      name: search.name,
      query: search.query,
      listingIds: listings.slice(0, MAX_NOTIFIED_IDS).map((l) => l.id),
      count: n,
    },
  };
}

/**
 * A member's daily digest: the new matches of each of their daily searches. With one search it opens
 * that search (savedSearchId and query, as an instant alert); with several, the saved searches.
 */
export function digestNotification(userId: string, day: string, parts: Array<{ search: AlertedSearch; listings: ListingForAlerts[] }>): NotificationInput {
  const total = parts.reduce((n, p) => n + p.listings.length, 0);
  const searches = parts.map((p) => ({
    savedSearchId: p.search.id,
    name: p.search.name,
    query: p.search.query,
    listingIds: p.listings.slice(0, MAX_NOTIFIED_IDS).map((l) => l.id),
    count: p.listings.length,
  }));
  const only = parts.length === 1 ? parts[0].search : null;
  return {
    userId,
    kind: 'saved_search',
    title: only
      ? `Daily digest: ${plural(total, 'new listing', 'new listings')} for “${searchName(only)}”`
      : `Daily digest: ${plural(total, 'new listing', 'new listings')} for ${parts.length} saved searches`,
    body: only ? listingsLine(parts[0].listings) : parts.map((p) => `“${searchName(p.search)}”: ${listingsLine(p.listings)}`).join('. '),
    data: {
      digest: day,
      ...(only && { savedSearchId: only.id, name: only.name, query: only.query }),
      listingIds: parts.flatMap((p) => p.listings.map((l) => l.id)).slice(0, MAX_NOTIFIED_IDS),
      count: total,
      searches,
    },
  };
}

/**
 * The Manila calendar day of `now`, and when that day's digest is due (`digestHour` o'clock, Manila):
 * a search told of since then is not told again until the next day's.
 */
export function digestDay(now: Date, digestHour: number): { day: string; dueAt: Date; due: boolean } {
  const dayIndex = Math.floor((now.getTime() + MANILA_OFFSET_MS) / DAY_MS);
  const dueAt = new Date(dayIndex * DAY_MS - MANILA_OFFSET_MS + digestHour * 3600 * 1000);
  return { day: new Date(dayIndex * DAY_MS).toISOString().slice(0, 10), dueAt, due: now.getTime() >= dueAt.getTime() };
}

/** A UUID fixed by a key (the digest of a member and a day: at most one notification, however often it is tried). */
export function uuidOfKey(key: string): string {
  const h = createHash('sha1').update(`tahanan:${key}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
