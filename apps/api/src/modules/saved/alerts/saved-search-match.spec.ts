import type { ListingForAlerts } from '../../listings/listings.service';
import { digestDay, listingsLine, uuidOfKey } from './alert-notifications';
import { alertFiltersOf, alertKeysOf, filtersOfSavedQuery, matchesSavedSearch, priceBandOf, probeKeysOf } from './saved-search-match';

const listing = (over: Partial<ListingForAlerts> = {}): ListingForAlerts => ({
  id: 'l1',
  code: 'RES-000001',
  name: 'Corner house',
  ownerId: 'u1',
  status: 'active',
  price: 5_000_000,
  currency: 'PHP',
  lotSize: null,
  floorSize: 120,
  bedrooms: 3,
  bathrooms: null,
  parkingSlots: 1,
  type: 'residential',
  offer: 'sale',
  kind: 'house_and_lot',
  furnishing: null,
  tags: ['for sale', 'new'],
  verified: false,
  rating: 0,
  lat: 14.55,
  lng: 121.02,
  cityCode: '1380300000',
  cityName: 'Makati',
  barangayCode: '1380300001',
  lexemes: ['corner', 'house', 'res', '-000001', 'c1380300000'],
  createdAt: new Date(),
  isPublic: true,
  ...over,
});
const compiled = (query: string, words: string[] | null = null) => alertFiltersOf(filtersOfSavedQuery(query), words);
const shares = (query: string, l: ListingForAlerts, words: string[] | null = null) => {
  const probes = new Set(probeKeysOf(l));
  return alertKeysOf(compiled(query, words)).some((k) => probes.has(k));
};

describe('saved-search alert keys', () => {
  it('keys a search by its most selective place, crossed with its offer and price bands', () => {
    expect(alertKeysOf(compiled('city=1380300000&city=1380400000&offer=rent&minPrice=20000&maxPrice=50000'))).toEqual([
      'c1380300000|rent|p2',
      'c1380300000|rent|p3',
      'c1380400000|rent|p2',
      'c1380400000|rent|p3',
    ]);
    expect(alertKeysOf(compiled('barangay=1380300001&city=1380300000'))).toEqual(['b1380300001|*|*']);
    expect(alertKeysOf(compiled('code=res-000001&city=1380300000'))).toEqual(['#RES-000001|*|*']);
    // a price range over more than six bands is keyed as any price
    expect(alertKeysOf(compiled('kind=condominium&maxPrice=10000000'))).toEqual(['kcondominium|*|*']);
    expect(alertKeysOf(compiled('offer=sale'))).toEqual(['*|sale|*']);
  });

  it('keys a small box by its 0.1° cells, a large one by 1° cells after a word, a huge one not at all', () => {
    expect(alertKeysOf(compiled('bounds=14.56,14.54,121.03,121.01'))).toEqual(['g1045.3010|*|*']);
    const words = ['pool'];
    expect(alertKeysOf({ ...compiled('bounds=14.56,14.54,121.03,121.01', words), keyWord: 'pool' })).toEqual(['g1045.3010|*|*']);
    expect(alertKeysOf({ ...compiled('bounds=15.5,14.0,121.9,120.5', words), keyWord: 'pool' })).toEqual(['wpool']);
    expect(alertKeysOf(compiled('bounds=15.5,14.0,121.9,120.5'))).toEqual(['G104.300|*|*', 'G104.301|*|*', 'G105.300|*|*', 'G105.301|*|*']);
    expect(alertKeysOf(compiled('bounds=20,4,127,116&type=land'))).toEqual(['tland|*|*']);
  });

  it('finds a matching listing at the edges of the box and of the price bands', () => {
    const l = listing({ lat: 14.6, lng: 121.1, price: 5_000_000 });
    for (const query of ['bounds=14.6,14.5,121.1,121.0', 'minPrice=5000000&maxPrice=5000000&type=residential', 'minPrice=4000000&maxPrice=5000000&type=residential']) {
      expect({ query, matches: matchesSavedSearch(l, compiled(query)), shares: shares(query, l) }).toEqual({ query, matches: true, shares: true });
    }
    expect(matchesSavedSearch(l, compiled('maxPrice=4999999.99&type=residential'))).toBe(false);
    expect(shares('minPrice=1000000&maxPrice=4999999.99&type=residential', l)).toBe(false);
    expect(priceBandOf(0)).toBe(0);
    expect(priceBandOf(9_999)).toBe(0);
    expect(priceBandOf(10_000)).toBe(1);
    expect(priceBandOf(50_000_000)).toBe(12);
  });

  it('tests a listing as the search does: nulls match no range or set, tags all, words all', () => {
    expect(matchesSavedSearch(listing(), compiled('baths=1'))).toBe(false);
    expect(matchesSavedSearch(listing(), compiled('furnishing=furnished'))).toBe(false);
    expect(matchesSavedSearch(listing(), compiled('beds=3&minFloor=120&tag=new'))).toBe(true);
    expect(matchesSavedSearch(listing(), compiled('tag=new&tag=clean%20title'))).toBe(false);
    expect(matchesSavedSearch(listing(), compiled('q=corner%20house', ['corner', 'house']))).toBe(true);
    expect(matchesSavedSearch(listing(), compiled('q=corner%20lot', ['corner', 'lot']))).toBe(false);
    expect(matchesSavedSearch(listing({ rating: 3.99 }), compiled('minRating=4'))).toBe(false);
    expect(matchesSavedSearch(listing({ verified: true }), compiled('verified=1'))).toBe(true);
  });
});

describe('alert notifications', () => {
  it('dates a digest by the Manila day and is due from the digest hour', () => {
    expect(digestDay(new Date('2030-01-01T22:59:00Z'), 7)).toEqual({ day: '2030-01-02', dueAt: new Date('2030-01-01T23:00:00Z'), due: false });
    expect(digestDay(new Date('2030-01-01T23:00:00Z'), 7)).toMatchObject({ day: '2030-01-02', due: true });
    expect(digestDay(new Date('2030-01-01T15:59:00Z'), 0)).toMatchObject({ day: '2030-01-01', due: true });
  });

  it('names up to three listings, and gives a fixed UUID per key', () => {
    const l = (name: string) => ({ name, cityName: 'Cebu City' });
    expect(listingsLine([l('A')])).toBe('A (Cebu City)');
    expect(listingsLine([l('A'), l('B'), l('C'), l('D'), l('E')])).toBe('A (Cebu City); B (Cebu City); C (Cebu City) and 2 more');
    expect(uuidOfKey('digest:u1:2030-01-01')).toBe(uuidOfKey('digest:u1:2030-01-01'));
    expect(uuidOfKey('digest:u1:2030-01-01')).not.toBe(uuidOfKey('digest:u1:2030-01-02'));
    expect(uuidOfKey('x')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
