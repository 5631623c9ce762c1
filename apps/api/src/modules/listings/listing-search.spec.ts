import { BadRequestException } from '@nestjs/common';
import { coveredByTokens, facetTokensOf, parseListingFilters, toWordsTsQuery } from './listing-search';

describe('toWordsTsQuery', () => {
  it('keeps letters and digits of each word, lower-cased, joined by AND', () => {
    expect(toWordsTsQuery('Condo  Makati!')).toBe('condo & makati');
    expect(toWordsTsQuery("RES-001234 & | ! ' :*")).toBe('res & 001234');
    expect(toWordsTsQuery('Parañaque')).toBe('parañaque');
    expect(toWordsTsQuery(' -- ')).toBeNull();
  });
});

describe('parseListingFilters', () => {
  it('reads ranges, sets, rating and bounds', () => {
    expect(
      parseListingFilters({
        fuzzySearch: ' Condo ',
        query: { verified: true },
        match: { price: { min: 1, max: 2 }, type: ['land'], rating: { min: 4 } },
        bounds: { north: 2, south: 1, east: 2, west: 1 },
      }),
    ).toEqual({ text: 'condo', verified: true, price: { min: 1, max: 2 }, type: ['land'], minRating: 4, bounds: { north: 2, south: 1, east: 2, west: 1 } });
  });

  it.each([
    [{ match: { rooms: 2 } }, /Unknown match field 'rooms'/],
    [{ match: { price: { min: -1 } } }, /match.price.min must be a number of at least 0/],
    [{ match: { type: ['castle'] } }, /match.type values must be among/],
    [{ match: { city: ['Makati'] } }, /match.city values must be 10-digit PSGC codes/],
    [{ query: { owner: 'me' } }, /query.owner must be a user id/],
    [{ bounds: { north: 1, south: 2, east: 2, west: 1 } }, /bounds.south must not exceed bounds.north/],
  ])('refuses %j', (input, message) => {
    expect(() => parseListingFilters(input as never)).toThrow(BadRequestException);
    expect(() => parseListingFilters(input as never)).toThrow(message);
  });
});

describe('facetTokensOf / coveredByTokens (the TypeScript side of listing_facet_tokens)', () => {
  it('says single values, "at least" minimums, price boundaries and tags as tokens', () => {
    expect(
      facetTokensOf({
        offer: ['rent'],
        type: ['residential'],
        kind: ['condominium'],
        furnishing: ['furnished'],
        bedrooms: { min: 3 },
        parkingSlots: { min: 9 },
        price: { min: 25_000, max: 60_000 },
        tags: ['pet friendly'],
      }),
    ).toEqual(['orent', 'tresidential', 'kcondominium', 'ffurnished', 'r3', 'g5', 'p>2', 'p<4', 'xpet friendly']);
  });

  it('leaves out what a token cannot say, and says which filters need no second check', () => {
    const f = { offer: ['sale', 'rent'], bedrooms: { min: 2, max: 3 }, price: { max: 5_000 }, parkingSlots: { min: 9 } };
    expect(facetTokensOf(f)).toEqual(['r2', 'g5', 'p<1']);
    expect([...coveredByTokens(f)]).toEqual([]);
    expect([...coveredByTokens({ offer: ['sale'], bathrooms: { min: 2 }, tags: ['new'] })].sort()).toEqual(['bathrooms', 'offer', 'tags']);
  });
});
