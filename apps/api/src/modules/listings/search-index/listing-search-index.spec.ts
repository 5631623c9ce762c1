import { ListingSearchIndex, type IndexedListing } from './listing-search-index';

let n = 0;
/** A public listing with defaults (each call a new id; ids sort as they are made). */
function listing(over: Partial<IndexedListing> = {}): IndexedListing {
  n++;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    createdAt: 1_700_000_000_000_000 + n,
    name: `listing ${n}`,
    price: 1_000_000,
    currency: 'PHP',
    lotSize: null,
    floorSize: null,
    bedrooms: null,
    bathrooms: null,
    parkingSlots: null,
    type: 'residential',
    offer: 'sale',
    kind: 'condominium',
    furnishing: null,
    status: 'active',
    tags: [],
    verified: false,
    rating: 0,
    lat: 14.55,
    lng: 121.02,
    ownerId: 'owner-a',
    cityCode: '1380600000',
    cityName: 'Makati',
    barangayCode: '1380600001',
    lexemes: ['listing'],
    ...over,
  };
}

const NEWEST = { field: 'createdAt', direction: 'desc' } as const;

describe('ListingSearchIndex (in-memory public listings)', () => {
  it('pages in every order with ties broken by id, descending, as the SQL does', () => {
    const index = new ListingSearchIndex(16);
    const a = listing({ price: 5, name: 'B', createdAt: 10 });
    const b = listing({ price: 5, name: 'a', createdAt: 10 });
    const c = listing({ price: 3, name: 'B', createdAt: 20 });
    for (const l of [a, b, c]) index.put(l);
    expect(index.search({}, null, NEWEST, 10, 0).ids).toEqual([c.id, b.id, a.id]);
    expect(index.search({}, null, { field: 'createdAt', direction: 'asc' }, 10, 0).ids).toEqual([b.id, a.id, c.id]);
    expect(index.search({}, null, { field: 'price', direction: 'asc' }, 10, 0).ids).toEqual([c.id, b.id, a.id]);
    expect(index.search({}, null, { field: 'price', direction: 'desc' }, 10, 0).ids).toEqual([b.id, a.id, c.id]);
    // code-point order: upper case before lower case (C.UTF-8)
    expect(index.search({}, null, { field: 'name', direction: 'asc' }, 10, 0).ids).toEqual([c.id, a.id, b.id]);
    expect(index.search({}, null, NEWEST, 1, 1)).toEqual({ ids: [b.id], total: 3 });
    expect(index.search({}, null, NEWEST, 10, 5)).toEqual({ ids: [], total: 3 });
  });

  it('walks orders given at load, with listings added since (the tail) in their place, before and after a merge', () => {
    const prices = (k: number) => (k * 7919) % 1000;
    const first = Array.from({ length: 3000 }, (_, k) => listing({ price: prices(k), name: `n${prices(k) % 50}`, createdAt: 1e15 + ((k * 31) % 3000) }));
    const index = new ListingSearchIndex(16);
    for (const l of first) index.put(l);
    // the orders as PostgreSQL gives them: ascending, ties by id descending
    const byKey = (key: (l: IndexedListing) => number | string) =>
      [...first].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? 1 : -1)).map((l) => l.id);
    index.setOrder('price', byKey((l) => l.price));
    index.setOrder('name', byKey((l) => l.name));
    index.setOrder('createdAt', byKey((l) => l.createdAt));
    index.listPathUpTo = 0;
    const compare = () => {
      for (const order of [
        { field: 'price', direction: 'asc' },
        { field: 'price', direction: 'desc' },
        { field: 'name', direction: 'desc' },
        { field: 'createdAt', direction: 'asc' },
      ] as const) {
        for (const f of [{}, { offer: ['sale'] }, { price: { min: 100, max: 400 } }]) {
          // the reference sorts its orders itself on first use, from scratch
          const fresh = new ListingSearchIndex(16);
          for (const id of all.keys()) fresh.put(all.get(id)!);
          fresh.listPathUpTo = 0;
          expect(index.search(f, null, order, 25, 5)).toEqual(fresh.search(f, null, order, 25, 5));
          if ('price' in f && f.price) {
            // and as a plain sort of the listings held says (the walk of a price order starts at the range)
            const key = (l: IndexedListing) => (order.field === 'price' ? l.price : order.field === 'name' ? l.name : l.createdAt);
            const sign = order.direction === 'asc' ? 1 : -1;
            const { min, max } = f.price;
            const held = [...all.values()].filter((l) => l.price >= min && l.price <= max);
            held.sort((a, b) => (key(a) < key(b) ? -sign : key(a) > key(b) ? sign : a.id < b.id ? 1 : -1));
            expect(index.search(f, null, order, 25, 5)).toEqual({ ids: held.slice(5, 30).map((l) => l.id), total: held.length });
          }
        }
      }
    };
    const all = new Map(first.map((l) => [l.id, l]));
    // changes after the load: new listings, a repriced one (a new slot), a removed one
    for (let k = 0; k < 40; k++) {
      const l = listing({ price: prices(k + 5000), offer: k % 2 ? 'rent' : 'sale', name: `n${k % 50}` });
      index.put(l);
      all.set(l.id, l);
    }
    const repriced = { ...first[10], price: 999 };
    index.put(repriced);
    all.set(repriced.id, repriced);
    index.remove(first[20].id);
    all.delete(first[20].id);
    compare();
    // past 20,000 added the tail is merged into the order
    for (let k = 0; k < 20_050; k++) {
      const l = listing({ price: prices(k + 9000), name: `m${k % 70}` });
      index.put(l);
      all.set(l.id, l);
    }
    compare();
  });

  it('grows past its capacity, replaces a listing that changes, and forgets one removed', () => {
    const index = new ListingSearchIndex(16);
    const many = Array.from({ length: 100 }, (_, i) => listing({ price: i }));
    for (const l of many) index.put(l);
    expect(index.size).toBe(100);
    index.put({ ...many[0], price: 1_000, lexemes: ['renamed'] });
    expect(index.size).toBe(100);
    expect(index.deadSlots).toBe(1);
    expect(index.count({ price: { min: 1_000 } }, null)).toBe(1);
    expect(index.count({}, [['renamed']])).toBe(1);
    expect(index.count({}, [['listing']])).toBe(99);
    index.remove(many[1].id);
    index.remove('not-held');
    expect(index.size).toBe(99);
    expect(index.has(many[1].id)).toBe(false);
    expect(index.count({ price: { max: 1 } }, null)).toBe(0);
  });

  it('treats a missing number as SQL treats NULL: it fails every range', () => {
    const index = new ListingSearchIndex();
    index.put(listing({ bedrooms: null }));
    const two = listing({ bedrooms: 2 });
    index.put(two);
    expect(index.count({ bedrooms: { max: 5 } }, null)).toBe(1);
    expect(index.count({ bedrooms: { min: 0 } }, null)).toBe(1);
    expect(index.search({ bedrooms: { min: 2, max: 2 } }, null, NEWEST, 10, 0).ids).toEqual([two.id]);
  });

  it('filters by sets, tags (all of them), owner, verification, rating, places and a box', () => {
    const index = new ListingSearchIndex();
    const x = listing({ kind: null, tags: ['pet friendly', 'new'], verified: true, rating: 4.5, ownerId: 'owner-b' });
    const y = listing({ offer: 'rent', kind: 'townhouse', tags: ['new'], cityCode: '0702217000', barangayCode: '0702217001', lat: 10.3, lng: 123.9 });
    index.put(x);
    index.put(y);
    expect(index.count({ kind: ['condominium', 'townhouse'] }, null)).toBe(1);
    expect(index.count({ tags: ['new'] }, null)).toBe(2);
    expect(index.count({ tags: ['new', 'pet friendly'] }, null)).toBe(1);
    expect(index.count({ offer: ['rent'], tags: ['pet friendly'] }, null)).toBe(0);
    expect(index.count({ ownerId: 'owner-b' }, null)).toBe(1);
    expect(index.count({ ownerId: 'nobody' }, null)).toBe(0);
    expect(index.count({ verified: false }, null)).toBe(1);
    expect(index.count({ minRating: 4 }, null)).toBe(1);
    expect(index.count({ city: ['0702217000', '9999999999'] }, null)).toBe(1);
    expect(index.count({ barangay: ['9999999999'] }, null)).toBe(0);
    expect(index.count({ bounds: { south: 10, north: 10.5, west: 123.5, east: 124 } }, null)).toBe(1);
    // inclusive edges, as BETWEEN and <@ are
    expect(index.count({ bounds: { south: 10.3, north: 10.3, west: 123.9, east: 123.9 } }, null)).toBe(1);
    expect(index.count({ bounds: { south: 0, north: 30, west: 100, east: 130 } }, null)).toBe(2);
  });

  it('matches words: every group, any alternative, prefixes; and knows which words the public listings have', () => {
    const index = new ListingSearchIndex();
    const a = listing({ lexemes: ['house', 'poblacion', 'makati'] });
    const b = listing({ lexemes: ['house', 'lot'] });
    index.put(a);
    index.put(b);
    expect(index.count({}, [['house']])).toBe(2);
    expect(index.count({}, [['house'], ['lot']])).toBe(1);
    expect(index.count({}, [['house'], ['lot', 'makati']])).toBe(2);
    expect(index.count({}, [['poblac:*']])).toBe(1);
    expect(index.count({}, [['penthouse']])).toBe(0);
    expect(index.hasAllWords(['house', 'lot'])).toBe(true);
    expect(index.hasAllWords(['lot', 'makati'])).toBe(false);
    index.remove(b.id);
    expect(index.hasWord('lot')).toBe(false);
    expect(index.hasWord('house')).toBe(true);
    // a word arriving after a prefix search is found by the next one
    index.put(listing({ lexemes: ['poblacionville'] }));
    expect(index.count({}, [['poblac:*']])).toBe(2);
  });

  it('counts the sidebar over every match', () => {
    const index = new ListingSearchIndex();
    index.put(listing({ price: 40_000, offer: 'rent', tags: ['for rent', 'new'], furnishing: 'furnished' }));
    index.put(listing({ price: 40_000, offer: 'rent', kind: null, tags: ['for rent'] }));
    index.put(listing({ price: 6_000_000, cityCode: '0702217000', cityName: 'Cebu City' }));
    const f = index.facets({}, null);
    expect(f.read).toBe(3);
    expect(f.offers).toEqual([
      { value: 'sale', count: 1 },
      { value: 'rent', count: 2 },
    ]);
    expect(f.kinds).toEqual([{ value: 'condominium', count: 2 }]);
    expect(f.furnishings).toEqual([{ value: 'furnished', count: 1 }]);
    expect(f.bands).toEqual([
      { value: '0', count: 2 },
      { value: '6', count: 1 },
    ]);
    expect(f.cities).toEqual([
      { code: '1380600000', name: 'Makati', count: 2 },
      { code: '0702217000', name: 'Cebu City', count: 1 },
    ]);
    expect(f.tags).toEqual([
      { value: 'for rent', count: 2 },
      { value: 'new', count: 1 },
    ]);
  });

  it('answers alike through kept word and city bitsets, price marks and either way of counting the sidebar, before and after changes', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pickOf = <T>(values: readonly T[]) => values[Math.floor(rand() * values.length)];
    const WORDS = ['house', 'lot', 'condo', 'near', 'mall', 'pool', 'quiet', 'corner', 'garden', 'view'];
    const draw = () =>
      listing({
        price: Math.round(rand() < 0.5 ? rand() * 100_000 : rand() * 30_000_000),
        offer: rand() < 0.6 ? 'sale' : 'rent',
        kind: pickOf(['condominium', 'townhouse', 'lot', null]),
        furnishing: pickOf(['furnished', 'unfurnished', null]),
        tags: rand() < 0.3 ? ['new'] : [],
        cityCode: pickOf(['1380600000', '0702217000', '1381300000']),
        cityName: 'City',
        name: `n${Math.floor(rand() * 500)}`,
        lexemes: WORDS.filter(() => rand() < 0.35),
      });
    // the reference answers the plain way (lists tested one by one, bits set per listing, bitset facets)
    const plain = new ListingSearchIndex(16);
    plain.listPathUpTo = Infinity;
    plain.priceRunDirect = Infinity;
    plain.facetsByListingUpTo = 0;
    const tuned = new ListingSearchIndex(16);
    tuned.listPathUpTo = 0;
    tuned.denseMin = 0;
    tuned.denseShare = 0;
    tuned.priceRunDirect = 0;
    tuned.facetsByListingUpTo = Infinity;
    const both = (l: IndexedListing) => {
      plain.put(l);
      tuned.put(l);
    };
    const held: IndexedListing[] = [];
    for (let i = 0; i < 3000; i++) {
      const l = draw();
      held.push(l);
      both(l);
    }
    const searches = [
      { f: {}, words: [['house']] },
      { f: { city: ['1380600000'] }, words: [['house'], ['lot', 'condo']] },
      { f: { price: { min: 20_000, max: 12_000_000 } }, words: null },
      { f: { price: { min: 5_000_000 } }, words: [['pool']] },
      { f: { city: ['0702217000', '1381300000'], offer: ['rent'], price: { max: 60_000 } }, words: null },
      { f: { kind: ['townhouse'] }, words: [['quiet'], ['garden'], ['view']] },
    ];
    const orders = [NEWEST, { field: 'price', direction: 'asc' }, { field: 'name', direction: 'desc' }] as const;
    const compare = () => {
      for (const { f, words } of searches) {
        for (const order of orders) expect(tuned.search(f, words, order, 10, 5)).toEqual(plain.search(f, words, order, 10, 5));
        expect(tuned.facets(f, words)).toEqual(plain.facets(f, words));
      }
    };
    compare();
    // changes after the bitsets and marks were made: new listings (past the capacity), changed and removed ones
    for (let i = 0; i < 5000; i++) both(draw());
    for (let i = 0; i < 300; i++) {
      const l = held[i * 7];
      if (i % 3) both({ ...l, price: l.price + 1, lexemes: ['house', ...l.lexemes.slice(1)] });
      else {
        plain.remove(l.id);
        tuned.remove(l.id);
      }
    }
    compare();
    // past 20,000 added the price order is merged again and its marks made anew
    for (let i = 0; i < 20_100; i++) both(draw());
    compare();
  });

  it('takes a misspelt word for the live words most like it, those in more listings first among equals', () => {
    const index = new ListingSearchIndex();
    index.put(listing({ lexemes: ['bayside', 'abcdex'] }));
    for (let i = 0; i < 3; i++) index.put(listing({ lexemes: ['abcdey', 'koffice'] }));
    const gone = listing({ lexemes: ['abcdez'] });
    index.put(gone);
    index.remove(gone.id);
    // equally alike: abcdey (3 listings) before abcdex (1); abcdez has no live listing
    expect(index.similarWords('abcde')).toEqual(['abcdey', 'abcdex']);
    expect(index.similarWords('baysid')).toEqual(['bayside']);
    // search_vector's filter tokens (kind office) are not words
    expect(index.similarWords('offic')).toEqual([]);
    // words added later are found too
    index.put(listing({ lexemes: ['office'] }));
    expect(index.similarWords('offic')).toEqual(['office']);
  });

  it('answers the landing sidebar and unfiltered map clusters from totals kept as listings come and go', () => {
    let seed = 11;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const index = new ListingSearchIndex(16);
    const held: IndexedListing[] = [];
    const draw = () =>
      listing({
        lat: 14 + rand() * 1.5,
        lng: 120.5 + rand() * 1.5,
        offer: rand() < 0.5 ? 'sale' : 'rent',
        kind: rand() < 0.5 ? 'condominium' : 'lot',
        tags: rand() < 0.3 ? ['new', 'pet friendly'] : [],
        price: Math.round(rand() * 20_000_000),
        cityCode: rand() < 0.5 ? '1380600000' : '1381300000',
      });
    for (let i = 0; i < 4000; i++) {
      const l = draw();
      held.push(l);
      index.put(l);
    }
    // the same search with a filter that keeps everything takes the general path
    const everything = { offer: ['sale', 'rent'] };
    const boxes = [
      { south: 13, north: 16, west: 119, east: 123 }, // the whole area
      { south: 14.3, north: 15.1, west: 120.9, east: 121.6 }, // edges through cells
    ];
    const compare = () => {
      expect(index.facets({}, null)).toEqual(index.facets(everything, null));
      for (const bounds of boxes) {
        for (const level of [3, 5, 8]) {
          const kept = index.clusters({ bounds }, null, level);
          const general = index.clusters({ bounds, ...everything }, null, level);
          expect(kept.map(({ lat: _a, lng: _b, ...c }) => c)).toEqual(general.map(({ lat: _a, lng: _b, ...c }) => c));
          kept.forEach((c, k) => {
            expect(c.lat).toBeCloseTo(general[k].lat, 9);
            expect(c.lng).toBeCloseTo(general[k].lng, 9);
          });
        }
      }
    };
    compare();
    // listings that leave (their cell's extent is made again) and change (a new slot)
    for (let i = 0; i < 400; i++) {
      if (i % 2) index.remove(held[i * 3].id);
      else index.put({ ...held[i * 3], lat: held[i * 3].lat + 0.01, offer: 'rent', tags: [] });
    }
    compare();
    expect(index.facets({}, null).read).toBe(index.size);
  });

  it('clusters a box by grid cell with each cluster’s centre and extent, and lists the newest as pins', () => {
    const index = new ListingSearchIndex();
    const near = [listing({ lat: 14.5501, lng: 121.0201 }), listing({ lat: 14.5503, lng: 121.0209 })];
    const far = listing({ lat: 14.6, lng: 121.1, currency: 'USD' });
    for (const l of [...near, far]) index.put(l);
    const clusters = index.clusters({ bounds: { south: 14.5, north: 14.7, west: 121, east: 121.2 } }, null, 0);
    expect(clusters.map((c) => c.count)).toEqual([2, 1]);
    expect(clusters[0]).toMatchObject({ south: 14.5501, north: 14.5503, west: 121.0201, east: 121.0209 });
    expect(clusters[0].lat).toBeCloseTo(14.5502, 10);
    const pins = index.pins({ bounds: { south: 14.5, north: 14.7, west: 121, east: 121.2 } }, null, 2);
    expect(pins.map((p) => p.id)).toEqual([far.id, near[1].id]);
    expect(pins[0]).toMatchObject({ currency: 'USD', offer: 'sale' });
  });
});
