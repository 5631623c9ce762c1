import type { DeleteUserSavedItemApiArg, ListingDto, SaveUserItemApiArg } from '@/lib/api/generated';
import { savedItemArgs, type SavedItem } from '@/lib/api/listings';

/**
 * Pinned items are saved items of type "pinned" (POST /user/save/pinned): a listing ({ listingId }),
 * or one of the member's saved searches ({ data: { kind: 'search', savedItemId, query } }). The API
 * keeps one pin per listing and per saved search, and removes a search's pin with the search.
 */
export type Pin = SavedItem;

export type PinView =
  | { kind: 'listing'; pin: Pin; listing: ListingDto }
  | { kind: 'unavailable'; pin: Pin; listingId: string }
  | { kind: 'search'; pin: Pin; name: string; href: string }
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
  unpin: (userId: string, pin: Pick<Pin, '_id'>): DeleteUserSavedItemApiArg => savedItemArgs.remove(userId, 'pinned', pin._id),
};
