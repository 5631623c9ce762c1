import { listings, places, type PlaceRow } from '@app/db';
import { searchQueryFilterBody } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { createUser, startTestApp, type TestApp } from '../../../../test/test-app';
import { ListingsRepository, type Viewer } from '../../listings/listings.repository';
import { ListingsService, type ListingForAlerts } from '../../listings/listings.service';
import { SavedSearchAlertsService } from './saved-search-alerts.service';
import { alertKeysOf, filtersOfSavedQuery, matchesSavedSearch, probeKeysOf } from './saved-search-match';

jest.setTimeout(120_000);

/**
 * Alerts test a new listing against a saved search in memory (matchesSavedSearch) after finding the
 * search by its keys (alertKeysOf / probeKeysOf). Both must agree with the search itself: for many
 * drawn saved searches (query strings as the search page writes them), the listings the predicate
 * matches are exactly those the search's SQL finds (ListingsRepository.whereOf, in both its forms,
 * and ListingsService.search), and every listing it matches shares a key with the search.
 */
describe('saved-search alert matching agrees with the search (real PostgreSQL)', () => {
  let t: TestApp;
  let repo: ListingsRepository;
  let service: ListingsService;
  let alerts: SavedSearchAlertsService;
  let barangays: PlaceRow[];
  let all: ListingForAlerts[];
  const PUBLIC: Viewer = { isAdmin: false };
  const VOCAB = ['condo', 'house', 'lot', 'townhouse', 'office', 'studio', 'garden', 'pool', 'view', 'corner', 'pre-selling', 'bayside'];

  // a seeded generator, so a failure names a draw that can be run again
  let seed = 20261212;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const some = <T>(list: readonly T[], max: number): T[] => [...new Set(Array.from({ length: 1 + Math.floor(rand() * max) }, () => pick(list)))];

  beforeAll(async () => {
    t = await startTestApp();
    repo = t.app.get(ListingsRepository);
    service = t.app.get(ListingsService);
    alerts = t.app.get(SavedSearchAlertsService);
    const ownerId = (await createUser(t, { type: 'broker' })).user._id;
    barangays = await t.db.select().from(places).where(eq(places.level, 'barangay')).limit(10);
    const b = barangays;
    const values = (f: (p: PlaceRow) => string | null) => `{${b.map((p) => `"${f(p) ?? ''}"`).join(',')}}`;
    // 1,500 listings: nulls in the optional columns, hidden ones, drafts, sold and rented, prices on
    // and between the band boundaries, repeated words, over 10 barangays and a 0.3° square
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select setseed(0.17)`);
      await tx.execute(sql`
        with g as (
          select g, random() as r1, random() as r2, random() as r3, random() as r4, random() as r5, random() as r6,
                 1 + floor(random() * ${b.length})::int as p
          from generate_series(1, 1500) g)
        insert into listings (code, name, description, type, kind, offer, furnishing, tags, price, bedrooms, bathrooms, parking_slots,
                              lot_size, floor_size, verified, rating_average, status, is_visible, lat, lng,
                              region_code, province_code, city_code, barangay_code, region_name, province_name, city_name, barangay_name,
                              owner_id)
        select 'ALR-' || lpad(g::text, 6, '0'),
               (${`{${VOCAB.join(',')}}`}::text[])[1 + floor(r1 * ${VOCAB.length})::int] || ' ' ||
                 (${`{${VOCAB.join(',')}}`}::text[])[1 + floor(r2 * ${VOCAB.length})::int],
               case when r4 < 0.3 then 'near schools and transport' else 'quiet street' end,
               case when r1 < 0.6 then 'residential' when r1 < 0.8 then 'commercial' when r1 < 0.9 then 'land' else 'industrial' end,
               case when r1 < 0.3 then 'condominium' when r1 < 0.5 then 'house_and_lot' when r1 < 0.6 then null
                    when r1 < 0.8 then 'office' when r1 < 0.9 then 'lot' else 'warehouse' end,
               case when r2 < 0.6 then 'sale' else 'rent' end,
               case when r3 < 0.3 then 'furnished' when r3 < 0.5 then 'semi_furnished' when r3 < 0.6 then null else 'unfurnished' end,
               (case when r2 < 0.6 then '{for sale}' else '{for rent}' end)::text[]
                 || (case when r4 < 0.3 then '{pet friendly}' else '{}' end)::text[]
                 || (case when r5 < 0.2 then '{clean title,new}' else '{}' end)::text[],
               case when r6 < 0.1 then (array[10000, 50000, 100000, 1000000, 5000000])[1 + floor(r5 * 5)::int]
                    when r2 < 0.6 then round(r5 * 40)::int * 250000 + 0.5 else round(r5 * 40)::int * 2500 end,
               case when r6 < 0.1 then null else floor(r6 * 6)::int end,
               case when r6 < 0.15 then null else floor(r5 * 4)::int end,
               case when r4 < 0.2 then null else floor(r4 * 3)::int end,
               case when r3 < 0.4 then null else round(r3 * 500) end,
               case when r6 < 0.3 then null else round(r6 * 200) end,
               r5 < 0.25, round((r4 * 5)::numeric, 2),
               case when r6 < 0.05 then 'draft' when r6 < 0.1 then 'sold' when r6 < 0.15 then 'rented' else 'active' end,
               r5 > 0.05,
               14.50 + r3 * 0.3, 121.00 + r4 * 0.3,
               (${values((p) => p.regionCode)}::text[])[p], nullif((${values((p) => p.provinceCode)}::text[])[p], ''),
               (${values((p) => p.cityCode)}::text[])[p], (${values((p) => p.code)}::text[])[p],
               'Region', null, 'City ' || (${values((p) => p.cityCode)}::text[])[p], (${values((p) => p.name)}::text[])[p],
               ${ownerId}
        from g`);
    });
    await t.db.execute(sql`analyze listings`);
    all = await service.forAlerts((await t.db.select({ id: listings.id }).from(listings)).map((r) => r.id));
  });
  afterAll(() => t?.close());

  /** A saved search's query string as the search page writes it (toSearchParams), with now and then a malformed value it skips. */
  function drawQuery(): string {
    const p = new URLSearchParams();
    if (rand() < 0.4) p.set('offer', pick(['sale', 'rent']));
    if (rand() < 0.45) p.set('q', pick([pick(VOCAB), `${pick(VOCAB)} ${pick(VOCAB)}`, 'near schools', 'pre-selling', 'Condo', 'ALR-000120', '!!!']));
    if (rand() < 0.02) p.set('code', pick(['ALR-000007', 'alr-000010', 'ALR-999999']));
    for (const v of rand() < 0.25 ? some(['residential', 'commercial', 'land', 'industrial'], 2) : []) p.append('type', v);
    for (const v of rand() < 0.25 ? some(['condominium', 'house_and_lot', 'office', 'lot', 'warehouse'], 2) : []) p.append('kind', v);
    if (rand() < 0.25) p.set('beds', String(pick([1, 2, 3, 4, 5, 7])));
    if (rand() < 0.1) p.set('baths', String(pick([1, 2, 3])));
    if (rand() < 0.1) p.set('parking', String(pick([1, 2])));
    for (const v of rand() < 0.15 ? some(['furnished', 'semi_furnished', 'unfurnished'], 2) : []) p.append('furnishing', v);
    for (const v of rand() < 0.15 ? some(['pet friendly', 'clean title', 'new'], 2) : []) p.append('tag', v);
    for (const v of rand() < 0.1 ? some(['active', 'sold', 'rented'], 2) : []) p.append('status', v);
    if (rand() < 0.4) {
      const lo = pick([0, 5000, 10000, 50000, 100000, 1000000, 2500000, 5000000]);
      const form = rand();
      if (form < 0.3) p.set('minPrice', String(lo));
      else if (form < 0.5) p.set('maxPrice', String(lo + pick([0, 20000, 500000])));
      else {
        p.set('minPrice', String(lo));
        p.set('maxPrice', String(lo + pick([0, 20000, 500000, 5000000])));
      }
    }
    if (rand() < 0.1) p.set('minLot', String(pick([50, 100, 300])));
    if (rand() < 0.05) p.set('maxFloor', String(pick([50, 150])));
    if (rand() < 0.3) for (const c of new Set(some(barangays, 2).map((x) => x.cityCode!))) p.append('city', c);
    else if (rand() < 0.2) for (const x of some(barangays, 2)) p.append('barangay', x.code);
    if (rand() < 0.05) p.set('minRating', String(pick([1, 2.5, 4])));
    if (rand() < 0.1) p.set('verified', '1');
    if (rand() < 0.25) {
      const side = pick([0.005, 0.05, 0.2, 1, 3]);
      const lat = 14.5 + rand() * 0.3;
      const lng = 121 + rand() * 0.3;
      const r = (n: number) => Math.round(n * 1e5) / 1e5;
      p.set('bounds', [r(lat + side / 2), r(lat - side / 2), r(lng + side / 2), r(lng - side / 2)].join(','));
    }
    // what the page writes too, and what it skips when read back
    if (rand() < 0.2) p.set('sort', 'price');
    if (rand() < 0.05) p.set('beds', '0');
    if (rand() < 0.05) p.append('kind', 'castle');
    if (rand() < 0.05) p.set('minPrice', '-5');
    return p.toString();
  }

  it('matches exactly the listings the search finds, for 400 drawn saved searches, and every match shares a key with its search', async () => {
    const publicListings = all.filter((l) => l.isPublic);
    expect(publicListings.length).toBeGreaterThan(1200);
    const probes = new Map(publicListings.map((l) => [l.id, probeKeysOf(l)]));
    let nonEmpty = 0;
    let candidates = 0;
    const check = async (i: number, query: string) => {
      const what = `draw ${i}: ${query}`;
      const filters = filtersOfSavedQuery(query);
      const { filters: compiled, keys } = await alerts.compile(query);
      expect(keys).toEqual(alertKeysOf(compiled));
      const predicate = publicListings.filter((l) => matchesSavedSearch(l, compiled)).map((l) => l.id).sort();
      // the SQL of the search: plain conditions (a page) and facet tokens (rare sets)
      const [page, tokens] = await Promise.all(
        (['page', 'tokens'] as const).map((purpose) => t.db.select({ id: listings.id }).from(listings).where(repo.whereOf(filters, PUBLIC, purpose))),
      );
      expect({ what, page: predicate, tokens: predicate }).toEqual({ what, page: page.map((r) => r.id).sort(), tokens: tokens.map((r) => r.id).sort() });
      // the search route's service, for the searches it answers in one page
      if (predicate.length <= 100) {
        const answer = await service.search(undefined, { ...searchQueryFilterBody(query), limit: 100, skip: 0 } as never);
        // (a text no listing has is searched as the words it resembles: alerts take the words as written)
        if (!answer.searchedWords) expect({ what, service: predicate }).toEqual({ what, service: answer.listings.map((l) => l._id).sort() });
      }
      // the index: every listing the search matches shares a key with it
      const keySet = new Set(keys);
      for (const l of publicListings) {
        const found = probes.get(l.id)!.some((k) => keySet.has(k));
        if (found) candidates++;
        if (!found && matchesSavedSearch(l, compiled)) throw new Error(`${what}: ${l.code} matches but shares no key with the search`);
      }
      if (predicate.length) nonEmpty++;
    };
    // drawn in order (the seed names every draw), checked five at a time (the test app's pool)
    const draws = Array.from({ length: 400 }, drawQuery);
    for (let i = 0; i < draws.length; i += 5) await Promise.all(draws.slice(i, i + 5).map((q, j) => check(i + j, q)));
    // the draws must mostly find something, or equality would prove little; the keys must narrow
    expect(nonEmpty).toBeGreaterThan(200);
    expect(candidates / (draws.length * publicListings.length)).toBeLessThan(0.5);
  });

  it("takes a search text's words as PostgreSQL parses them, as the listing's were ('ALR-000120' is 'alr' and '-000120')", async () => {
    const [row] = await t.db.select({ id: listings.id }).from(listings).where(eq(listings.code, 'ALR-000120'));
    const [l] = await service.forAlerts([row.id]);
    const { filters } = await alerts.compile('q=ALR-000120');
    expect(matchesSavedSearch(l, filters)).toBe(true);
    expect(matchesSavedSearch({ ...l, lexemes: l.lexemes.filter((w) => w !== 'alr') }, filters)).toBe(false);
  });
});
