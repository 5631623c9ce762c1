import { places, type PlaceRow } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import { Client } from 'pg';
import { createUser, startTestApp, type TestApp } from '../../../../test/test-app';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config';
import { rowsOf } from '../../places/psgc';
import { parseListingFilters, type ListingFilters } from '../listing-search';
import { ListingWordsService } from '../listing-words.service';
import { ListingMapRepository } from '../listing-map.repository';
import { ListingsRepository, type Viewer } from '../listings.repository';
import { trigramsOf, type IndexOrder } from './listing-search-index';
import { ListingSearchIndexRepository } from './listing-search-index.repository';
import { ListingSearchIndexService } from './listing-search-index.service';

jest.setTimeout(60_000);

/**
 * Issue 11: public searches answered from the listings held in memory must answer exactly what
 * PostgreSQL answers (the same page, the same total, the same sidebar counts and map clusters) for
 * any combination of filters, words, sorts and pages; and see every change committed before the
 * search began, whichever process made it.
 */
describe('listings held in memory for search (real PostgreSQL)', () => {
  let t: TestApp;
  let index: ListingSearchIndexService;
  let repo: ListingsRepository;
  let mapRepo: ListingMapRepository;
  let words: ListingWordsService;
  let barangays: PlaceRow[];
  let ownerId: string;
  const PUBLIC: Viewer = { isAdmin: false };
  const VOCAB = ['condo', 'house', 'lot', 'townhouse', 'office', 'studio', 'garden', 'pool', 'view', 'corner', 'pre-selling', 'bayside'];

  // a seeded generator, so a failure names a draw that can be run again
  let seed = 20261122;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const some = <T>(list: readonly T[], max: number): T[] => [...new Set(Array.from({ length: 1 + Math.floor(rand() * max) }, () => pick(list)))];

  beforeAll(async () => {
    t = await startTestApp();
    index = t.app.get(ListingSearchIndexService);
    repo = t.app.get(ListingsRepository);
    mapRepo = t.app.get(ListingMapRepository);
    words = t.app.get(ListingWordsService);
    ownerId = (await createUser(t, { type: 'broker' })).user._id;
    barangays = await t.db.select().from(places).where(eq(places.level, 'barangay')).limit(12);
    const b = barangays;
    const values = (f: (p: PlaceRow) => string | null) => `{${b.map((p) => `"${f(p) ?? ''}"`).join(',')}}`;
    // 3,000 listings: correlated kinds and prices, repeated names and creation hours (ties in every
    // order), nulls in the optional columns, some hidden or drafts, spread over 12 barangays
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select setseed(0.42)`);
      await tx.execute(sql`
        with g as (
          select g, random() as r1, random() as r2, random() as r3, random() as r4, random() as r5, random() as r6,
                 1 + floor(random() * ${b.length})::int as p
          from generate_series(1, 3000) g)
        insert into listings (code, name, description, type, kind, offer, furnishing, tags, price, bedrooms, bathrooms, parking_slots,
                              lot_size, floor_size, verified, rating_average, status, is_visible, lat, lng,
                              region_code, province_code, city_code, barangay_code, region_name, province_name, city_name, barangay_name,
                              owner_id, created_at)
        select 'IDX-' || g,
               (${`{${VOCAB.join(',')}}`}::text[])[1 + floor(r1 * ${VOCAB.length})::int] || ' ' ||
                 (${`{${VOCAB.join(',')}}`}::text[])[1 + floor(r2 * ${VOCAB.length})::int] || case when r3 < 0.5 then '' else ' ' || (g % 40) end,
               case when r4 < 0.3 then 'near schools and transport' else 'quiet street' end,
               case when r1 < 0.7 then 'residential' when r1 < 0.9 then 'commercial' else 'land' end,
               case when r1 < 0.3 then 'condominium' when r1 < 0.6 then 'house_and_lot' when r1 < 0.7 then null
                    when r1 < 0.9 then 'office' else 'lot' end,
               case when r2 < 0.6 then 'sale' else 'rent' end,
               case when r3 < 0.3 then 'furnished' when r3 < 0.5 then 'semi_furnished' when r3 < 0.6 then null else 'unfurnished' end,
               (case when r2 < 0.6 then '{for sale}' else '{for rent}' end)::text[]
                 || (case when r4 < 0.3 then '{pet friendly}' else '{}' end)::text[]
                 || (case when r5 < 0.2 then '{clean title,new}' else '{}' end)::text[],
               case when r2 < 0.6 then round(r5 * 40)::int * 250000 else round(r5 * 40)::int * 2500 end,
               case when r6 < 0.1 then null else floor(r6 * 6)::int end,
               case when r6 < 0.15 then null else floor(r5 * 4)::int end,
               case when r4 < 0.2 then null else floor(r4 * 3)::int end,
               case when r3 < 0.4 then null else round(r3 * 500) end,
               case when r6 < 0.3 then null else round(r6 * 200) end,
               r5 < 0.25, round((r4 * 5)::numeric, 2),
               case when r6 < 0.05 then 'draft' when r6 < 0.1 then 'sold' else 'active' end,
               r5 > 0.05,
               14.50 + r3 * 0.3, 121.00 + r4 * 0.3,
               (${values((p) => p.regionCode)}::text[])[p], nullif((${values((p) => p.provinceCode)}::text[])[p], ''),
               (${values((p) => p.cityCode)}::text[])[p], (${values((p) => p.code)}::text[])[p],
               'Region', null, 'City ' || (${values((p) => p.cityCode)}::text[])[p], (${values((p) => p.name)}::text[])[p],
               ${ownerId}, timestamptz '2026-01-01' + floor(r1 * 500) * interval '1 hour'
        from g`);
    });
    await t.db.execute(sql`analyze listings`);
  });
  afterAll(() => t?.close());

  /** A search as the search page's users draw one (see bench/search-draw.mjs), as a body's fields. */
  function drawSearch(): { fuzzySearch?: string; query?: Record<string, unknown>; match: Record<string, unknown>; bounds?: Record<string, number> } {
    const match: Record<string, unknown> = {};
    const body: ReturnType<typeof drawSearch> = { match };
    if (rand() < 0.4) match.offer = [pick(['sale', 'rent'])];
    if (rand() < 0.25) match.type = some(['residential', 'commercial', 'land'], 2);
    if (rand() < 0.25) match.kind = some(['condominium', 'house_and_lot', 'office', 'lot'], 2);
    if (rand() < 0.15) match.furnishing = some(['furnished', 'semi_furnished', 'unfurnished'], 2);
    if (rand() < 0.25) match.bedrooms = { min: Math.floor(rand() * 4) };
    if (rand() < 0.1) match.bathrooms = rand() < 0.5 ? { min: 1 } : { max: 2 };
    if (rand() < 0.1) match.parkingSlots = { min: 1 };
    if (rand() < 0.1) match.lotSize = { min: 100, max: 400 };
    if (rand() < 0.05) match.floorSize = { max: 150 };
    if (rand() < 0.3) {
      const lo = pick([0, 5000, 50000, 1000000, 2500000]);
      match.price = rand() < 0.5 ? { min: lo } : { min: lo, max: lo + pick([20000, 500000, 5000000]) };
    }
    if (rand() < 0.15) match.tags = some(['pet friendly', 'clean title', 'new'], 2);
    if (rand() < 0.1) match.verified = rand() < 0.5;
    if (rand() < 0.05) match.rating = { min: 2.5 };
    if (rand() < 0.05) match.status = ['sold'];
    if (rand() < 0.3) match.city = [...new Set(some(barangays, 2).map((p) => p.cityCode))];
    else if (rand() < 0.15) match.barangay = some(barangays, 2).map((p) => p.code);
    if (rand() < 0.45) {
      body.fuzzySearch = pick([
        pick(VOCAB),
        `${pick(VOCAB)} ${pick(VOCAB)}`,
        'near schools',
        'housee', // misspelt: the words it resembles
        'townh', // a prefix
        'pre-selling',
        'penthouse', // nobody has it
        'IDX-1200',
      ]);
    }
    if (rand() < 0.2) {
      const side = pick([0.005, 0.05, 0.2, 1]);
      const lat = 14.5 + rand() * 0.3;
      const lng = 121 + rand() * 0.3;
      body.bounds = { south: lat - side / 2, north: lat + side / 2, west: lng - side / 2, east: lng + side / 2 };
    }
    if (rand() < 0.05) body.query = { owner: ownerId };
    return body;
  }

  const ORDERS: IndexOrder[] = [
    { field: 'createdAt', direction: 'desc' },
    { field: 'createdAt', direction: 'asc' },
    { field: 'price', direction: 'asc' },
    { field: 'price', direction: 'desc' },
    { field: 'name', direction: 'asc' },
    { field: 'name', direction: 'desc' },
  ];

  async function resolved(body: ReturnType<typeof drawSearch>): Promise<ListingFilters> {
    return words.resolve(parseListingFilters(body as Parameters<typeof parseListingFilters>[0]));
  }

  it('answers 300 drawn searches with the same page and total as PostgreSQL, in every order', async () => {
    let nonEmpty = 0;
    for (let i = 0; i < 300; i++) {
      const body = drawSearch();
      const f = await resolved(body);
      const order = pick(ORDERS);
      const limit = pick([10, 10, 5, 20]);
      const skip = pick([0, 0, 0, limit, 3 * limit]);
      const memory = (await index.current())!.search(f, await index.wordGroups(f), order, limit, skip);
      // the same through bitsets alone (the index's other path, taken past LIST_PATH_UP_TO listings)
      const current = (await index.current())!;
      current.listPathUpTo = 0;
      const bitsOnly = current.search(f, await index.wordGroups(f), order, limit, skip);
      current.listPathUpTo = Infinity;
      const listsOnly = current.search(f, await index.wordGroups(f), order, limit, skip);
      current.listPathUpTo = 4096;
      expect(bitsOnly).toEqual(memory);
      expect(listsOnly).toEqual(memory);
      const sort = [{ field: order.field, direction: order.direction }] as const;
      const ids = await repo.searchPageIds(f, PUBLIC, [...sort], limit, skip, 'gin');
      const total = await repo.searchTotal(f, PUBLIC);
      const what = `draw ${i}: ${JSON.stringify(body)} ${order.field} ${order.direction} limit ${limit} skip ${skip}`;
      expect({ what, total: memory.total, ids: memory.ids }).toEqual({ what, total, ids });
      if (total > 0) nonEmpty++;
    }
    // the draws must mostly find something, or equality would prove little
    expect(nonEmpty).toBeGreaterThan(150);
  });

  it('pages and totals a map box alone from the kept cell totals as PostgreSQL does, before and after listings leave', async () => {
    const check = async (when: string) => {
      let nonEmpty = 0;
      for (let i = 0; i < 40; i++) {
        const side = pick([0.01, 0.05, 0.1, 0.2, 0.4]);
        const lat = 14.5 + rand() * 0.3;
        const lng = 121 + rand() * 0.3;
        const f = await resolved({ match: {}, bounds: { south: lat - side / 2, north: lat + side / 2, west: lng - side / 2, east: lng + side / 2 } });
        const order = pick(ORDERS);
        const limit = pick([10, 5, 20]);
        const skip = pick([0, 0, limit, 3 * limit]);
        const current = (await index.current())!;
        current.listPathUpTo = 0; // every box with a listing takes the kept totals and the walk
        const memory = current.search(f, null, order, limit, skip);
        current.listPathUpTo = 4096;
        const ids = await repo.searchPageIds(f, PUBLIC, [{ field: order.field, direction: order.direction }], limit, skip, 'gin');
        const total = await repo.searchTotal(f, PUBLIC);
        const what = `${when}, box ${i}: ${JSON.stringify(f.bounds)} ${order.field} ${order.direction} limit ${limit} skip ${skip}`;
        expect({ what, total: memory.total, ids: memory.ids }).toEqual({ what, total, ids });
        if (total > 0) nonEmpty++;
      }
      expect(nonEmpty).toBeGreaterThan(25);
    };
    await check('as loaded');
    // listings leave the public's view: their cells' kept totals are made again from the cells' listings
    const leaving = rowsOf<{ code: string }>(
      await t.db.execute(sql`select code from listings where code like 'IDX-%' and is_visible and status <> 'draft' order by code limit 300`),
    ).map((r) => r.code);
    await t.db.execute(sql`update listings set is_visible = false where code = any(${`{${leaving.join(',')}}`}::text[])`);
    try {
      await check('after 300 left');
    } finally {
      await t.db.execute(sql`update listings set is_visible = true where code = any(${`{${leaving.join(',')}}`}::text[])`);
    }
  });

  it("counts the sidebar exactly as PostgreSQL counts every match", async () => {
    for (let i = 0; i < 60; i++) {
      const body = drawSearch();
      const f = await resolved(body);
      const current = (await index.current())!;
      current.listPathUpTo = i % 2 ? 0 : Infinity; // both paths, half the draws each
      const memory = current.facets(f, await index.wordGroups(f));
      current.listPathUpTo = 4096;
      const db = (await repo.facetsUpTo(f, PUBLIC, 1_000_000, 60_000))!;
      const sorted = (l: { value: string; count: number }[]) => [...l].sort((a, b) => a.value.localeCompare(b.value));
      const what = `draw ${i}: ${JSON.stringify(body)}`;
      expect({ what, read: memory.read, types: sorted(memory.types), offers: sorted(memory.offers), kinds: sorted(memory.kinds) }).toEqual({
        what,
        read: db.read,
        types: sorted(db.types),
        offers: sorted(db.offers),
        kinds: sorted(db.kinds),
      });
      expect({ what, f: sorted(memory.furnishings), b: sorted(memory.bands), t: sorted(memory.tags) }).toEqual({
        what,
        f: sorted(db.furnishings),
        b: sorted(db.bands),
        t: sorted(db.tags),
      });
      expect(memory.cities.map((c) => [c.code, c.count])).toEqual(db.cities.map((c) => [c.code, c.count]));
    }
  });

  it("takes a misspelt word for the known words PostgreSQL's trigram search finds, in the same order", async () => {
    const current = (await index.current())!;
    const known = rowsOf<{ word: string }>(await t.db.execute(sql`select word from listing_words where listings > 0 order by word`)).map((r) => r.word);
    expect(known.length).toBeGreaterThan(20);
    // pg_trgm's own trigrams and similarity, for words with hyphens, digits and letters outside ASCII
    for (const [a, b] of [['housee', 'house'], ['pre-selling', 'preselling'], ['sto. niño', 'santo nino'], ['bgc 5th', 'bgc 5th ave'], ['ab', 'abc']]) {
      const [row] = rowsOf<{ sml: number }>(await t.db.execute(sql`select similarity(${a}, ${b})::float8 as sml`));
      const mine = trigramsOf(a);
      const theirs = trigramsOf(b);
      const shared = [...mine].filter((x) => theirs.has(x)).length;
      expect([a, b, Math.fround(shared / (mine.size + theirs.size - shared))]).toEqual([a, b, row.sml]);
    }
    const [ascii] = rowsOf<{ t: string[] }>(await t.db.execute(sql`select show_trgm('pre-selling 2b') as t`));
    expect([...trigramsOf('pre-selling 2b')].sort()).toEqual([...ascii.t].sort());
    const typos = new Set<string>(['housee', 'condoo', 'tonwhouse', 'gardne', 'studoi', 'bayide', 'ofice', 'qiuet', 'xyzzy', 'lo']);
    for (let i = 0; typos.size < 60 && i < 500; i++) {
      const w = pick(known);
      const k = Math.floor(rand() * w.length);
      typos.add(rand() < 0.5 ? w.slice(0, k) + w.slice(k + 1) : w.slice(0, k) + w[k] + w.slice(k));
    }
    let found = 0;
    for (const typo of typos) {
      // PostgreSQL's order, its ties broken by the word as the index breaks them
      const expected = rowsOf<{ word: string }>(
        await t.db.execute(sql`select word from listing_words where word % ${typo} and listings > 0
          order by word <-> ${typo}, listings desc, word collate "C" limit 3`),
      ).map((r) => r.word);
      expect([typo, current.similarWords(typo)]).toEqual([typo, expected]);
      // and the repository's own statement finds the same words (in some order among ties)
      expect([typo, [...(await repo.similarWords(typo))].sort()]).toEqual([typo, [...expected].sort()]);
      if (expected.length) found++;
    }
    expect(found).toBeGreaterThan(30);
  });

  it('clusters a box as PostgreSQL does, at several levels', async () => {
    for (let i = 0; i < 40; i++) {
      const body = drawSearch();
      const side = pick([0.02, 0.1, 0.4]);
      body.bounds = { south: 14.5, north: 14.5 + side, west: 121, east: 121 + side };
      const f = (await resolved(body)) as ListingFilters & { bounds: NonNullable<ListingFilters['bounds']> };
      const level = pick([0, 2, 4]);
      const current = (await index.current())!;
      current.listPathUpTo = i % 2 ? 0 : Infinity;
      const memory = current.clusters(f, await index.wordGroups(f), level);
      current.listPathUpTo = 4096;
      const db = await mapRepo.matchingClusters(f, PUBLIC, level);
      expect(memory.map((c) => [c.cluster, c.count])).toEqual(db.map((c) => [c.cluster, c.count]));
      memory.forEach((c, k) => {
        expect(c.lat).toBeCloseTo(db[k].lat, 9);
        expect(c.south).toBe(db[k].south);
        expect(c.east).toBe(db[k].east);
      });
    }
  });

  it('answers the search page, the sidebar and the map over HTTP from memory, totals exact past 2,000', async () => {
    const res = await t.http.post('/api/listing/search').send({ sort: '-createdAt', limit: 10 }).expect(200);
    const [{ n }] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from listings where is_visible and status <> 'draft'`));
    expect(n).toBeGreaterThan(2000);
    expect(res.body.pagination).toMatchObject({ totalItems: n, totalIsEstimate: false });
    const facets = await t.http.post('/api/listing/filter').send({}).expect(200);
    expect(facets.body.estimated).toBe(false);
    expect(facets.body.offers.reduce((s: number, o: { count: number }) => s + o.count, 0)).toBe(n);
    const map = await t.http
      .post('/api/listing/clusters')
      .send({ bounds: { south: 14.4, north: 14.9, west: 120.9, east: 121.4 }, zoom: 12 })
      .expect(200);
    expect(map.body).toMatchObject({ total: n, approximate: false });
  });

  it('reads a page and the changes in one round trip, and answers again when something changed meanwhile', async () => {
    const newest = async (body: Record<string, unknown> = {}) =>
      (await t.http.post('/api/listing/search').send({ sort: '-createdAt', limit: 5, ...body }).expect(200)).body as {
        listings: { _id: string; code: string; price: number }[];
        pagination: { totalItems: number };
      };
    await newest();
    const cards = jest.spyOn(repo, 'cardsAndChanges');
    const syncs = jest.spyOn(index, 'current');
    try {
      // nothing changed: the page from the index as it was, its listings and the changes in one statement
      const before = await newest();
      expect(cards).toHaveBeenCalledTimes(1);
      expect(syncs).not.toHaveBeenCalled();
      // nothing matches: no page to read, only the changes (one statement), and the empty answer stands
      const confirmed = jest.spyOn(index, 'stillCurrent');
      const none = await newest({ match: { price: { min: 1, max: 2 } } });
      expect(none).toMatchObject({ listings: [], pagination: { totalItems: 0 } });
      expect(confirmed).toHaveBeenCalledTimes(1);
      await expect(confirmed.mock.results[0].value).resolves.toBe(true);
      confirmed.mockRestore();
      expect(cards).toHaveBeenCalledTimes(1);
      expect(syncs).not.toHaveBeenCalled();
      // an empty answer is not kept when a listing it should show was written meanwhile
      const ranged = { match: { price: { min: 123000, max: 123000 } } };
      expect((await newest(ranged)).pagination.totalItems).toBe(0);
      // a listing written by another connection after the index last looked: the changes the page's
      // statement sees are new to the index, so it catches up and answers again
      const b = barangays[1];
      await t.db.execute(sql`
        insert into listings (code, name, type, offer, price, lat, lng, region_code, city_code, barangay_code, region_name, city_name, barangay_name, owner_id, created_at)
        values ('IDX-SNAP', 'numbat lane', 'residential', 'sale', 123000, 14.6, 121.1, ${b.regionCode}, ${b.cityCode}, ${b.code}, 'R', 'C', ${b.name}, ${ownerId}, now() + interval '1 day')`);
      expect((await newest(ranged)).listings.map((l) => l.code)).toEqual(['IDX-SNAP']);
      const after = await newest();
      expect(syncs).toHaveBeenCalled();
      expect(after.listings[0].code).toBe('IDX-SNAP');
      expect(after.pagination.totalItems).toBe(before.pagination.totalItems + 1);
      await t.db.execute(sql`update listings set price = 999999999999 where code = 'IDX-SNAP'`);
      expect((await newest({ sort: '-price' })).listings[0]).toMatchObject({ code: 'IDX-SNAP', price: 999999999999 });
      await t.db.execute(sql`update listings set is_visible = false where code = 'IDX-SNAP'`);
      const hidden = await newest();
      expect(hidden.listings.map((l) => l.code)).not.toContain('IDX-SNAP');
      expect(hidden.pagination.totalItems).toBe(before.pagination.totalItems);
    } finally {
      cards.mockRestore();
      syncs.mockRestore();
      await t.db.execute(sql`delete from listings where code = 'IDX-SNAP'`);
    }
  });

  it('sees every change committed before a search began: new, changed, hidden and deleted listings', async () => {
    const search = async (body: Record<string, unknown>) => (await t.http.post('/api/listing/search').send({ limit: 50, ...body }).expect(200)).body;
    const b = barangays[0];
    // a new listing straight into the table: no process was told, the change table was
    await t.db.execute(sql`
      insert into listings (code, name, type, offer, price, lat, lng, region_code, city_code, barangay_code, region_name, city_name, barangay_name, owner_id)
      values ('IDX-NEW', 'quokkaville residence', 'residential', 'sale', 4321000, 14.6, 121.1, ${b.regionCode}, ${b.cityCode}, ${b.code}, 'R', 'C', ${b.name}, ${ownerId})`);
    let found = await search({ fuzzySearch: 'quokkaville' });
    expect(found.listings.map((l: { code: string }) => l.code)).toEqual(['IDX-NEW']);
    await t.db.execute(sql`update listings set price = 99 where code = 'IDX-NEW'`);
    found = await search({ fuzzySearch: 'quokkaville', match: { price: { max: 100 } } });
    expect(found.pagination.totalItems).toBe(1);
    await t.db.execute(sql`update listings set name = 'wombatville residence' where code = 'IDX-NEW'`);
    expect((await search({ fuzzySearch: 'quokkaville' })).pagination.totalItems).toBe(0);
    expect((await search({ fuzzySearch: 'wombatville' })).pagination.totalItems).toBe(1);
    await t.db.execute(sql`update listings set is_visible = false where code = 'IDX-NEW'`);
    expect((await search({ fuzzySearch: 'wombatville' })).pagination.totalItems).toBe(0);
    await t.db.execute(sql`update listings set is_visible = true, status = 'draft' where code = 'IDX-NEW'`);
    expect((await search({ fuzzySearch: 'wombatville' })).pagination.totalItems).toBe(0);
    await t.db.execute(sql`update listings set status = 'active' where code = 'IDX-NEW'`);
    expect((await search({ fuzzySearch: 'wombatville' })).pagination.totalItems).toBe(1);
    await t.db.execute(sql`delete from listings where code = 'IDX-NEW'`);
    expect((await search({ fuzzySearch: 'wombatville' })).pagination.totalItems).toBe(0);
  });

  it('another process sees the changes this one makes, and a transaction that commits late is not missed', async () => {
    // a second index over the same database, as a second API process would hold
    const other = new ListingSearchIndexService(t.app.get(ListingSearchIndexRepository), t.app.get<AppConfig>(APP_CONFIG));
    await other.whenLoaded();
    const b = barangays[1];
    const count = async (svc: ListingSearchIndexService, f: ListingFilters, word: string | null = null) =>
      (await svc.current())!.count(f, word ? [[word]] : null);
    const [target] = rowsOf<{ id: string }>(await t.db.execute(sql`select id from listings where is_visible and status <> 'draft' limit 1`));
    const repriced = { price: { min: 77, max: 77 } };

    // a transaction that writes first and commits last: its change has the lowest transaction id
    const late = new Client({ connectionString: t.config.database.url });
    await late.connect();
    try {
      await late.query('begin');
      await late.query('update listings set price = 77 where id = $1', [target.id]);
      // meanwhile another commits, and both processes read past it
      await t.db.execute(sql`
        insert into listings (code, name, type, offer, price, lat, lng, region_code, city_code, barangay_code, region_name, city_name, barangay_name, owner_id)
        values ('IDX-EARLY', 'platypusbay early', 'residential', 'rent', 15000, 15.6, 122.1, ${b.regionCode}, ${b.cityCode}, ${b.code}, 'R', 'C', ${b.name}, ${ownerId})`);
      expect(await count(other, {}, 'platypusbay')).toBe(1);
      expect(await count(index, {}, 'platypusbay')).toBe(1);
      expect(await count(other, repriced)).toBe(0);
      await late.query('commit');
    } finally {
      await late.end();
    }
    expect(await count(other, repriced)).toBe(1);
    expect(await count(index, repriced)).toBe(1);
    other.onApplicationShutdown();
  });
});
