import type { DeleteUserSavedItemApiArg, ListingDto, SaveUserItemApiArg } from '@/lib/api/generated';
import { savedItemArgs, type SavedItem } from '@/lib/api/listings';

/**
 * Pinned items are saved items of type "pinned" (POST /user/save/pinned): a listing ({ listingId }),
 * one of the member's saved searches ({ data: { kind: 'search', savedItemId, query } }), or a market
 * report ({ data: { kind: 'report', group, area, areaName, href } }, href a /market/ address). The API
 * keeps one pin per listing, per saved search and per report address, and removes a search's pin with the search.
 */
export type Pin = SavedItem;

export type PinView =
  | { kind: 'listing'; pin: Pin; listing: ListingDto }
  | { kind: 'unavailable'; pin: Pin; listingId: string }
  | { kind: 'search'; pin: Pin; name: string; href: string }
  | { kind: 'report'; pin: Pin; name: string; href: string; detail: string }
  | { kind: 'other'; pin: Pin; name: string };

const dataOf = (item: Pick<SavedItem, 'data'>) => (item.data ?? {}) as Record<string, unknown>;

export const isPin = (item: SavedItem) => item.type === 'pinned';

/** The member's pin of a listing, if any. */
export function pinOfListing(items: readonly SavedItem[], listingId: string): Pin | undefined {
  return items.find((i) => isPin(i) && i.listing?._id === listingId);
}

/** The member's pin of one of their saved searches, if any. */
export function pinOfSearch(items: readonly SavedItem[], savedSearchId: string): Pin | undefined {
  return items.find((i) => isPin(i) && dataOf(i).kind === 'search' && dataOf(i).savedItemId === savedSearchId);
}

/** A report pin's address: a /market/ path of this app (anything else is not linked). */
export function reportPinHref(item: Pick<SavedItem, 'data'>): string | null {
  const href = dataOf(item).href;
  return typeof href === 'string' && href.startsWith('/market/') && !href.startsWith('/market//') ? href : null;
}

/** The member's pin of a market report (by its address), if any. */
export function pinOfReport(items: readonly SavedItem[], href: string): Pin | undefined {
  return items.find((i) => isPin(i) && dataOf(i).kind === 'report' && dataOf(i).href === href);
}

/** A saved search's query string as a /listings address ("/listings" when it has none). */
export function searchHref(item: Pick<SavedItem, 'data'>): string {
  const raw = dataOf(item).query;
  const query = typeof raw === 'string' ? raw.replace(/^\?/, '') : '';
  return query ? `/listings?${query}` : '/listings';
}

/** What a pin shows: its listing, "No longer available", a saved search, or (older pins) its name. */
export function viewOfPin(pin: Pin): PinView {
  if (pin.listing) {
    return 'unavailable' in pin.listing
      ? { kind: 'unavailable', pin, listingId: pin.listing._id }
      : { kind: 'listing', pin, listing: pin.listing };
  }
  const reportHref = dataOf(pin).kind === 'report' ? reportPinHref(pin) : null;
  if (reportHref) {
    const area = dataOf(pin).areaName;
    return {
      kind: 'report',
      pin,
      name: pin.name || 'Market report',
      href: reportHref,
      detail: typeof area === 'string' && area ? `Market report · ${area}` : 'Market report',
    };
  }
  if (dataOf(pin).kind === 'search') return { kind: 'search', pin, name: pin.name || 'Saved search', href: searchHref(pin) };
  return { kind: 'other', pin, name: pin.name || 'Pinned item' };
}

/** The member's pins, newest first, as they show. */
export function pinViews(items: readonly SavedItem[]): PinView[] {
  return items.filter(isPin).map(viewOfPin);
}

export const pinArgs = {
  listing: (userId: string, listingId: string): SaveUserItemApiArg => savedItemArgs.save('pinned', { userId, listingId }),
  search: (userId: string, search: Pick<SavedItem, '_id' | 'name' | 'data'>): SaveUserItemApiArg =>
    savedItemArgs.save('pinned', {
      userId,
      ...(search.name ? { name: search.name } : {}),
      data: { kind: 'search', savedItemId: search._id, query: typeof dataOf(search).query === 'string' ? dataOf(search).query : '' },
    }),
  report: (userId: string, report: { name: string; group: string; area: string; areaName: string; href: string }): SaveUserItemApiArg =>
    savedItemArgs.save('pinned', {
      userId,
      name: report.name,
      data: { kind: 'report', group: report.group, area: report.area, areaName: report.areaName, href: report.href },
    }),
  unpin: (userId: string, pin: Pick<Pin, '_id'>): DeleteUserSavedItemApiArg => savedItemArgs.remove(userId, 'pinned', pin._id),
};
