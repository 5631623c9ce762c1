import { places, type PlaceRow } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import { createUser, startTestApp, type TestApp } from '../../../test/test-app';
import { EXACT_TOTAL_UP_TO, FACET_ROWS, roundEstimate } from './listings.service';

/**
 * Issue 11 items 2 and 3, when PostgreSQL answers (an admin's search, or while the listings held in
 * memory load: LISTING_SEARCH_INDEX=false here): a search's total and the sidebar's counts never count
 * a large match set one by one: exact up to EXACT_TOTAL_UP_TO (FACET_ROWS for the sidebar), an
 * estimate labelled as such past it. The in-memory index counts exactly (listing-search-index.int-spec.ts).
 */
describe('search totals and facet counts: exact when small, estimated when large (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let barangay: PlaceRow;
  const WORD = 'zephyrtotals';
  const MANY = EXACT_TOTAL_UP_TO + 150;

  /** `n` public rentals with WORD in their name, straight into the table (the API would take minutes). */
  async function insertListings(n: number, over: { kind?: string; visible?: boolean; prefix: string; ownerId: string }) {
    await t.db.execute(sql`
      insert into listings (code, name, type, kind, offer, tags, price, lat, lng, region_code, province_code, city_code, barangay_code,
                            region_name, province_name, city_name, barangay_name, owner_id, is_visible)
      select ${over.prefix} || '-' || g, ${WORD} || ' unit ' || g, 'residential', ${over.kind ?? 'condominium'}, 'rent', '{for rent}',
             20000 + g, 14.55, 121.02, ${barangay.regionCode}, ${barangay.provinceCode}, ${barangay.cityCode}, ${barangay.code},
             'Region', null, 'City', ${barangay.name}, ${over.ownerId}, ${over.visible ?? true}
      from generate_series(1, ${n}) g`);
  }

  beforeAll(async () => {
    t = await startTestApp({ LISTING_SEARCH_INDEX: 'false' });
    const owner = await createUser(t, { type: 'broker' });
    [barangay] = await t.db.select().from(places).where(eq(places.level, 'barangay')).limit(1);
    await insertListings(MANY, { prefix: 'TOT', ownerId: owner.user._id });
    await insertListings(30, { kind: 'farm', prefix: 'TOTF', ownerId: owner.user._id });
    await insertListings(5, { kind: 'farm', visible: false, prefix: 'TOTH', ownerId: owner.user._id });
    await t.db.execute(sql`analyze listings`);
  });
  afterAll(() => t.close());

  const search = (body: Record<string, unknown>) => t.http.post('/api/listing/search').send({ limit: 10, ...body }).expect(200);
  const facets = (body: Record<string, unknown>) => t.http.post('/api/listing/filter').send(body).expect(200);

  it('counts a small match set exactly, hidden listings left out, and says it is exact', async () => {
    const res = await search({ fuzzySearch: WORD, match: { kind: ['farm'] } });
    expect(res.body.pagination).toMatchObject({ totalItems: 30, totalPages: 3, totalIsEstimate: false });
    expect(res.body.listings).toHaveLength(10);
  });

  it(`estimates a match set of more than ${EXACT_TOTAL_UP_TO} and labels it, still serving the page`, async () => {
    const res = await search({ fuzzySearch: WORD, match: { kind: ['condominium'] }, sort: '-createdAt', skip: 20 });
    const p = res.body.pagination;
    expect(p.totalIsEstimate).toBe(true);
    expect(p.totalItems).toBeGreaterThan(EXACT_TOTAL_UP_TO - 1);
    // two significant digits, as people read an estimate
    expect(roundEstimate(p.totalItems)).toBe(p.totalItems);
    expect(p.totalPages).toBe(Math.ceil(p.totalItems / 10));
    expect(res.body.listings).toHaveLength(10);
    expect(res.body.listings.every((l: { name: string; kind: string }) => l.name.startsWith(WORD) && l.kind === 'condominium')).toBe(true);
  });

  it('counts the sidebar exactly over a small match set', async () => {
    const res = await facets({ fuzzySearch: WORD, match: { kind: ['farm'] } });
    expect(res.body.estimated).toBe(false);
    expect(res.body.kinds).toEqual([{ value: 'farm', count: 30 }]);
    expect(res.body.offers).toEqual([{ value: 'rent', count: 30 }]);
    expect(res.body.priceBands.find((b: { min: number }) => b.min === 0).count).toBe(30);
  });

  it(`estimates the sidebar over more than ${FACET_ROWS} matches from the rows it read, and says so`, async () => {
    const res = await facets({ fuzzySearch: WORD });
    expect(res.body.estimated).toBe(true);
    const kinds = Object.fromEntries(res.body.kinds.map((k: { value: string; count: number }) => [k.value, k.count]));
    // every count is a rounded estimate, at least 1 for a value that was seen
    for (const n of Object.values(kinds) as number[]) expect(roundEstimate(n)).toBe(n);
    expect(kinds.condominium).toBeGreaterThan(FACET_ROWS / 2);
    const rent = res.body.offers.find((o: { value: string }) => o.value === 'rent');
    expect(rent.count).toBeGreaterThan(FACET_ROWS);
  });
});

describe('roundEstimate', () => {
  it('keeps two significant digits', () => {
    expect(roundEstimate(125_431)).toBe(130_000);
    expect(roundEstimate(2_001)).toBe(2_000);
    expect(roundEstimate(987)).toBe(990);
    expect(roundEstimate(42)).toBe(42);
  });
});
