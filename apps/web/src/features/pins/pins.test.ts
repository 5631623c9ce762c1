import { describe, expect, it } from 'vitest';
import { makeListing } from '@/test/fixtures';
import type { SavedItem } from '@/lib/api/listings';
import { pinArgs, pinOfListing, pinOfSearch, pinViews, searchHref } from './pins';

const at = '2025-02-01T00:00:00.000Z';
const listing = makeListing({ _id: 'l_1' });
const items: SavedItem[] = [
  { _id: 'saved_l1', type: 'listing', listing, name: null, data: {}, alert: null, lastNotifiedAt: null, createdAt: at },
  { _id: 'search_1', type: 'search', listing: null, name: 'Lots in Cebu', data: { query: '?q=lot&city=cebu' }, alert: 'off', lastNotifiedAt: null, createdAt: at },
  { _id: 'search_2', type: 'search', listing: null, name: 'Condos', data: { query: 'q=condo' }, alert: 'off', lastNotifiedAt: null, createdAt: at },
  { _id: 'pin_l1', type: 'pinned', listing, name: null, data: {}, alert: null, lastNotifiedAt: null, createdAt: at },
  { _id: 'pin_gone', type: 'pinned', listing: { _id: 'l_gone', unavailable: true }, name: null, data: {}, alert: null, lastNotifiedAt: null, createdAt: at },
  { _id: 'pin_s1', type: 'pinned', listing: null, name: 'Lots in Cebu', data: { kind: 'search', savedItemId: 'search_1', query: 'q=lot&city=cebu' }, alert: null, lastNotifiedAt: null, createdAt: at },
  { _id: 'pin_old', type: 'pinned', listing: null, name: 'Makati report', data: {}, alert: null, lastNotifiedAt: null, createdAt: at },
];

describe('pins', () => {
  it("finds a listing's pin (not its saved row) and a saved search's pin", () => {
    expect(pinOfListing(items, 'l_1')?._id).toBe('pin_l1');
    expect(pinOfListing(items, 'l_2')).toBeUndefined();
    expect(pinOfSearch(items, 'search_1')?._id).toBe('pin_s1');
    expect(pinOfSearch(items, 'search_2')).toBeUndefined();
    // a saved search is not its own pin
    expect(pinOfSearch(items.filter((i) => i._id !== 'pin_s1'), 'search_1')).toBeUndefined();
  });

  it('shows each pin as what it is: a listing, "no longer available", a search with its address, an older pin by its name', () => {
    expect(pinViews(items).map((v) => [v.kind, v.pin._id])).toEqual([
      ['listing', 'pin_l1'],
      ['unavailable', 'pin_gone'],
      ['search', 'pin_s1'],
      ['other', 'pin_old'],
    ]);
    const search = pinViews(items).find((v) => v.kind === 'search');
    expect(search).toMatchObject({ name: 'Lots in Cebu', href: '/listings?q=lot&city=cebu' });
  });

  it('links a search without a query to the search page', () => {
    expect(searchHref({ data: {} })).toBe('/listings');
    expect(searchHref({ data: { query: '?offer=rent' } })).toBe('/listings?offer=rent');
  });

  it('pins through POST /user/save/pinned and unpins through POST /user/delete/save/items', () => {
    expect(pinArgs.listing('u_1', 'l_1')).toEqual({ type: 'pinned', saveItemDto: { userId: 'u_1', listingId: 'l_1' } });
    expect(pinArgs.search('u_1', items[1])).toEqual({
      type: 'pinned',
      saveItemDto: { userId: 'u_1', name: 'Lots in Cebu', data: { kind: 'search', savedItemId: 'search_1', query: '?q=lot&city=cebu' } },
    });
    expect(pinArgs.unpin('u_1', { _id: 'pin_s1' })).toEqual({ deleteSavedItemDto: { userId: 'u_1', type: 'pinned', itemId: 'pin_s1' } });
  });
});
