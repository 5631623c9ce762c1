import { describe, expect, it } from 'vitest';
import { PRICE_BANDS } from '@app/domain';
import { priceBandLabel } from '@/lib/listing-text';
import { withCount } from './components/SearchFilters';
import {
  DEFAULT_SEARCH,
  parseSearch,
  priceBandChoices,
  rebaseSearch,
  resultCountText,
  sameArea,
  searchedWordsText,
  showsArea,
  toFilterBody,
  toSearchBody,
  toSearchParams,
  togglePriceBand,
  updateSearch,
  type SearchState,
} from './search-state';

const full: SearchState = {
  offer: 'rent',
  text: 'katipunan house',
  code: 'TH-1001',
  types: ['residential', 'land'],
  kinds: ['condominium', 'house_and_lot'],
  bedrooms: 2,
  bathrooms: 1,
  parkingSlots: 1,
  furnishings: ['furnished', 'semi_furnished'],
  tags: ['for sale', 'Tahanan verified'],
  statuses: ['active', 'rented'],
  price: { min: 1_000_000, max: 5_000_000 },
  lotSize: { min: 100, max: null },
  floorSize: { min: null, max: 250.5 },
  cities: ['1381300000', '1380300000'],
  barangays: ['1381300071'],
  minRating: 4,
  verifiedOnly: true,
  bounds: { north: 14.7, south: 14.55, east: 121.1, west: 120.95 },
  followMap: false,
  sort: '-price',
  page: 3,
  limit: 5,
};

describe('search state ↔ URL', () => {
  it('round-trips every field through the query string', () => {
    const qs = toSearchParams(full).toString();
    expect(parseSearch(qs)).toEqual(full);
    // and through a fresh URLSearchParams, as the router hands it over
    expect(parseSearch(new URLSearchParams(`?${qs}`))).toEqual(full);
  });

  it('writes nothing for the default search, and reads an empty query as the default', () => {
    expect(toSearchParams(DEFAULT_SEARCH).toString()).toBe('');
    expect(parseSearch('')).toEqual(DEFAULT_SEARCH);
    expect(DEFAULT_SEARCH).toMatchObject({ sort: '-createdAt', limit: 10, page: 1, followMap: true });
  });

  it('uses readable parameter names', () => {
    const params = toSearchParams(full);
    expect(params.get('q')).toBe('katipunan house');
    expect(params.getAll('type')).toEqual(['residential', 'land']);
    expect(params.getAll('tag')).toEqual(['for sale', 'Tahanan verified']);
    expect(params.get('minPrice')).toBe('1000000');
    expect(params.get('maxPrice')).toBe('5000000');
    expect(params.get('bounds')).toBe('14.7,14.55,121.1,120.95');
    expect(params.get('follow')).toBe('0');
    expect(params.get('sort')).toBe('-price');
    expect(params.get('page')).toBe('3');
    expect(params.get('limit')).toBe('5');
  });

  it('drops unknown or malformed values instead of failing', () => {
    const state = parseSearch(
      'type=castle&type=land&tag=nope&status=draft&minPrice=-5&maxPrice=abc&sort=random&limit=7&page=0&minRating=9&bounds=1,2,3&verified=yes',
    );
    expect(state.types).toEqual(['land']);
    expect(state.tags).toEqual([]);
    expect(state.statuses).toEqual([]);
    expect(state.price).toEqual({ min: null, max: null });
    expect(state.sort).toBe('-createdAt');
    expect(state.limit).toBe(10);
    expect(state.page).toBe(1);
    expect(state.minRating).toBeNull();
    expect(state.bounds).toBeNull();
    expect(state.verifiedOnly).toBe(false);
  });

  it('keeps buy / rent, kinds, "at least N" rooms and parking, and furnishing in the URL', () => {
    const params = toSearchParams(full);
    expect(params.get('offer')).toBe('rent');
    expect(params.getAll('kind')).toEqual(['condominium', 'house_and_lot']);
    expect(params.get('beds')).toBe('2');
    expect(params.get('baths')).toBe('1');
    expect(params.get('parking')).toBe('1');
    expect(params.getAll('furnishing')).toEqual(['furnished', 'semi_furnished']);
    const sale = parseSearch('offer=sale&kind=townhouse');
    expect(sale).toMatchObject({ offer: 'sale', kinds: ['townhouse'], bedrooms: null });
    expect(toFilterBody(sale).match).toEqual({ offer: ['sale'], kind: ['townhouse'] });
    const bad = parseSearch('offer=lease&kind=castle&beds=0&baths=1.5&parking=-1&furnishing=yes');
    expect(bad).toMatchObject({ offer: null, kinds: [], bedrooms: null, bathrooms: null, parkingSlots: null, furnishings: [] });
  });

  it('swaps a reversed range', () => {
    expect(parseSearch('minPrice=900&maxPrice=100').price).toEqual({ min: 100, max: 900 });
  });

  it('goes back to page 1 on any change but the page', () => {
    const onPage3 = { ...DEFAULT_SEARCH, page: 3 };
    expect(updateSearch(onPage3, { types: ['land'] }).page).toBe(1);
    expect(updateSearch(onPage3, { page: 4 }).page).toBe(4);
  });
});

describe('filters → POST /listing/search body', () => {
  it('maps every filter, the sort and skip = (page - 1) * limit', () => {
    expect(toSearchBody(full)).toEqual({
      fuzzySearch: 'katipunan house',
      query: { code: 'TH-1001', verified: true },
      match: {
        price: { min: 1_000_000, max: 5_000_000 },
        lotSize: { min: 100 },
        floorSize: { max: 250.5 },
        offer: ['rent'],
        type: ['residential', 'land'],
        kind: ['condominium', 'house_and_lot'],
        bedrooms: { min: 2 },
        bathrooms: { min: 1 },
        parkingSlots: { min: 1 },
        furnishing: ['furnished', 'semi_furnished'],
        tags: ['for sale', 'Tahanan verified'],
        status: ['active', 'rented'],
        city: ['1381300000', '1380300000'],
        barangay: ['1381300071'],
        rating: { min: 4 },
      },
      bounds: { north: 14.7, south: 14.55, east: 121.1, west: 120.95 },
      sort: '-price',
      limit: 5,
      skip: 10,
    });
  });

  it('sends only paging and sort for the default search', () => {
    expect(toSearchBody(DEFAULT_SEARCH)).toEqual({ sort: '-createdAt', limit: 10, skip: 0 });
    expect(toSearchBody({ ...DEFAULT_SEARCH, page: 2 })).toMatchObject({ limit: 10, skip: 10 });
  });

  it('the facet body is the filters without paging or sort', () => {
    const body = toFilterBody(full);
    expect(body).not.toHaveProperty('sort');
    expect(body).not.toHaveProperty('skip');
    expect(body).not.toHaveProperty('limit');
    expect(body.match).toEqual(toSearchBody(full).match);
  });
});

describe('price bands', () => {
  it('offers the spec bands with their facet counts', () => {
    const facets = [
      { min: 0, max: 50_000, count: 3 },
      { min: 5_000_000, max: null, count: 7 },
    ];
    const choices = priceBandChoices(DEFAULT_SEARCH, facets);
    expect(choices.map((c) => [c.min, c.max])).toEqual(PRICE_BANDS.map((b) => [b.min, b.max]));
    expect(choices.map((c) => c.count)).toEqual([3, 0, 0, 0, 0, 0, 7]);
    expect(choices.every((c) => !c.selected)).toBe(true);
    expect(priceBandChoices(DEFAULT_SEARCH).every((c) => c.count === null)).toBe(true);
  });

  it('labels the bands in pesos, the last one open ended', () => {
    expect(PRICE_BANDS.map(priceBandLabel)).toEqual([
      '₱0 – ₱50,000',
      '₱50,000 – ₱100,000',
      '₱100,000 – ₱200,000',
      '₱200,000 – ₱500,000',
      '₱500,000 – ₱1,000,000',
      '₱1,000,000 – ₱5,000,000',
      '₱5,000,000+',
    ]);
  });

  it('picking a band sets the price range; picking it again clears it', () => {
    const band = PRICE_BANDS[6];
    const picked = togglePriceBand({ ...DEFAULT_SEARCH, page: 2 }, band);
    expect(picked.price).toEqual({ min: 5_000_000, max: null });
    expect(picked.page).toBe(1);
    expect(priceBandChoices(picked).find((c) => c.selected)?.min).toBe(5_000_000);
    expect(toSearchBody(picked).match).toEqual({ price: { min: 5_000_000 } });
    expect(togglePriceBand(picked, band).price).toEqual({ min: null, max: null });
  });
});

describe('rebaseSearch: a change made on a search the page had not re-rendered yet', () => {
  it('keeps Rent when Condominium is picked in a drawer still showing the search before Rent', () => {
    const before = DEFAULT_SEARCH;
    const rent = updateSearch(before, { offer: 'rent' });
    // the drawer still shows `before`: it computes its change from that
    const condo = updateSearch(before, { kinds: ['condominium'] });
    const merged = rebaseSearch(before, condo, rent);
    expect(merged.offer).toBe('rent');
    expect(merged.kinds).toEqual(['condominium']);
  });

  it('takes only what changed: a filter resets the page, turning a page keeps the filters', () => {
    const latest = { ...updateSearch(DEFAULT_SEARCH, { offer: 'sale', bedrooms: 2 }), page: 3 };
    const seen = updateSearch(DEFAULT_SEARCH, { offer: 'sale' });
    expect(rebaseSearch(seen, updateSearch(seen, { verifiedOnly: true }), latest)).toMatchObject({ bedrooms: 2, verifiedOnly: true, page: 1 });
    expect(rebaseSearch(latest, { ...latest, page: 4 }, latest)).toMatchObject({ bedrooms: 2, page: 4 });
    // clearing a value is a change too
    expect(rebaseSearch(latest, updateSearch(latest, { bedrooms: null }), latest).bedrooms).toBeNull();
  });
});

describe('counts as people read them (exact, or an estimate labelled as one)', () => {
  it('says how many listings were found, with separators, and "about" for an estimate', () => {
    expect(resultCountText({ totalItems: 1, totalIsEstimate: false })).toBe('1 listing found');
    expect(resultCountText({ totalItems: 1234, totalIsEstimate: false })).toBe('1,234 listings found');
    expect(resultCountText({ totalItems: 130000, totalIsEstimate: true })).toBe('about 130,000 listings found');
    expect(resultCountText({ totalItems: 0 })).toBe('0 listings found');
  });

  it('marks a facet count that is an estimate', () => {
    expect(withCount('Residential', 1234)).toBe('Residential (1,234)');
    expect(withCount('Residential', 12000, true)).toBe('Residential (≈12,000)');
    expect(withCount('Residential', null, true)).toBe('Residential');
  });
});

describe('searched words of a misspelt search', () => {
  it('says what was searched instead', () => {
    expect(searchedWordsText('houe', ['house'])).toBe('No listing has “houe”: showing listings with “house” instead.');
    expect(searchedWordsText('condo penthuse', ['condo', 'penthouse', 'townhouse'])).toBe(
      'No listing has “condo penthuse”: showing listings with “condo”, “penthouse” or “townhouse” instead.',
    );
    expect(searchedWordsText('zzqx', [])).toBe('No listing has “zzqx”.');
  });
});

describe('whether the map shows the search area (a link or a reload puts the map there)', () => {
  const area = { north: 14.6, south: 14.5, east: 121.1, west: 121.0 };
  it('does when the view is the area, to the rounding of 5 decimals, or a little larger one way', () => {
    expect(showsArea({ north: 14.60001, south: 14.49999, east: 121.10001, west: 120.99999 }, area)).toBe(true);
    // a tall phone map fitted to a square area: as wide as it, much taller
    expect(showsArea({ north: 14.75, south: 14.35, east: 121.11, west: 120.99 }, area)).toBe(true);
  });
  it('does not when the view misses part of the area, or is far larger than it every way', () => {
    expect(showsArea({ north: 14.58, south: 14.5, east: 121.1, west: 121.0 }, area)).toBe(false);
    expect(showsArea({ north: 14.9, south: 14.2, east: 121.4, west: 120.7 }, area)).toBe(false);
    // the default view of Metro Manila, for an area at sea off Panay
    expect(showsArea({ north: 14.8, south: 14.4, east: 121.2, west: 120.9 }, { north: 10.01, south: 10.0, east: 120.01, west: 120.0 })).toBe(false);
  });
});

describe('the same area but for rounding (a reloaded map keeps the search area)', () => {
  const area = { north: 14.6, south: 14.5, east: 121.1, west: 121.0 };
  it('is when every edge moved by at most 2 % of the size', () => {
    expect(sameArea({ north: 14.60001, south: 14.5015, east: 121.0985, west: 121.0 }, area)).toBe(true);
  });
  it('is not when an edge moved further, or the area is another', () => {
    expect(sameArea({ north: 14.61, south: 14.5, east: 121.1, west: 121.0 }, area)).toBe(false);
    expect(sameArea({ north: 14.7, south: 14.4, east: 121.2, west: 120.9 }, area)).toBe(false);
  });
});
