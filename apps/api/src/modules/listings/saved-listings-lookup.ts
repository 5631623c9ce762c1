/**
 * Which listings a member saved: answered by the saved module (saved_items is its table). Listings
 * depend on this port, not on the saved module's classes, so the two modules' files do not import
 * each other in a circle (SavedModule provides it with its SavedItemsService).
 */
export interface SavedListingsLookup {
  savedListingIds(userId: string, listingIds: string[]): Promise<Set<string>>;
}

export const SAVED_LISTINGS_LOOKUP = Symbol('SAVED_LISTINGS_LOOKUP');
