import { listingGridBlocks, listingGridCells, listings, places } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import { auth, createUser, startTestApp, type TestApp } from '../../../test/test-app';
import { rowsOf } from '../places/psgc';
import { rowRuns } from './listing-map';
import { ListingMapRepository } from './listing-map.repository';
import { parseListingFilters } from './listing-search';
import { ListingsRepository } from './listings.repository';

type Box = { north: number; south: number; east: number; west: number };

/** A small random generator (mulberry32): the same set of listings every run. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the search map: clusters, pins and large boxes (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let broker: { token: string; user: { _id: string } };
  let admin: { token: string; user: { _id: string } };
  const hidden: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    broker = await createUser(t, { type: 'broker' });
    admin = await createUser(t, { role: 'admin' });
    const [barangay] = await t.db.select().from(places).where(eq(places.level, 'barangay')).limit(1);
    const first = await t.http
      .post('/api/listing/create')
      .set(auth(broker.token))
      .send({ name: 'Map template', type: 'residential', price: 5_000_000, location: { lat: 14.6, lng: 121 }, address: { barangayCode: barangay.code } })
      .expect(201);
    const [template] = await t.db.select().from(listings).where(eq(listings.id, first.body._id));
    const { id: _id, code: _code, searchText: _text, searchVector: _vector, ...rest } = template;
    // 3,000 listings over 14-15.2° N, 120.4-121.6° E: most around three towns, the rest scattered; one in
    // twenty hidden, one in twenty a draft; a third land; prices from 1 to 30 million
    const random = rng(11);
    const towns = [
      [14.6, 121.0, 0.05],
      [14.35, 120.7, 0.1],
      [15.0, 121.4, 0.02],
    ];
    const rows = Array.from({ length: 3000 }, (_, i) => {
      const [lat, lng, spread] = towns[i % 4] ?? [14.6, 121, 0.6];
      return {
        ...rest,
        code: `MAP-${i}`,
        name: `Map listing ${i}`,
        type: (i % 3 === 0 ? 'land' : 'residential') as 'land' | 'residential',
        price: 1_000_000 * (1 + (i % 30)),
        lat: Math.round((lat + (random() - 0.5) * 2 * spread) * 1e5) / 1e5,
        lng: Math.round((lng + (random() - 0.5) * 2 * spread) * 1e5) / 1e5,
        isVisible: i % 20 !== 7,
        status: (i % 20 === 11 ? 'draft' : 'active') as 'draft' | 'active',
        createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
      };
    });
    for (let i = 0; i < rows.length; i += 500) {
      const made = await t.db.insert(listings).values(rows.slice(i, i + 500)).returning({ id: listings.id, isVisible: listings.isVisible, status: listings.status });
      hidden.push(...made.filter((m) => !m.isVisible || m.status === 'draft').map((m) => m.id));
    }
    await t.db.execute(sql`analyze ${listings}`);
  });
  afterAll(() => t.close());

  /** The public listings in a box (and of a type), counted one by one. */
  const countIn = async (b: Box, type?: string) => {
    const result = await t.db.execute(sql`select count(*)::int as n from ${listings}
      where ${listings.isVisible} and ${listings.status} <> 'draft' and ${listings.lat} between ${b.south} and ${b.north}
        and ${listings.lng} between ${b.west} and ${b.east} ${type ? sql`and ${listings.type} = ${type}` : sql``}`);
    return rowsOf<{ n: number }>(result)[0].n;
  };
  const clusters = (body: Record<string, unknown>, token?: string) => {
    const req = t.http.post('/api/listing/clusters');
    return (token ? req.set(auth(token)) : req).send(body);
  };

  const boxes: Box[] = [
    { south: 14.0, north: 15.2, west: 120.4, east: 121.6 }, // everything: whole blocks of several levels
    { south: 14.51234, north: 14.68766, west: 120.91111, east: 121.08889 }, // a town, edges off the grid
    { south: 14.6, north: 14.65, west: 121.0, east: 121.05 }, // edges on cell edges
    { south: 14.9, north: 15.1, west: 121.3, east: 121.5 },
    { south: 13.0, north: 13.1, west: 120.0, east: 120.1 }, // sea
  ];

  it('clusters every public listing in the box once, whatever the zoom: the counts add up to the total', async () => {
    for (const bounds of boxes) {
      const expected = await countIn(bounds);
      for (const zoom of [6, 9, 12, 15, 18]) {
        const res = await clusters({ bounds, zoom }).expect(200);
        expect(res.body.total).toBe(expected);
        expect(res.body.approximate).toBe(false);
        const shown = res.body.pins.length ? res.body.pins.length : res.body.clusters.reduce((s: number, c: { count: number }) => s + c.count, 0);
        expect(shown).toBe(expected);
        for (const c of res.body.clusters) {
          expect(c.lat).toBeGreaterThanOrEqual(c.bounds.south);
          expect(c.lat).toBeLessThanOrEqual(c.bounds.north);
          expect(c.bounds.south).toBeGreaterThanOrEqual(bounds.south);
          expect(c.bounds.east).toBeLessThanOrEqual(bounds.east);
        }
      }
    }
  });

  it('never counts hidden or draft listings, and lists pins (no hidden ones) when the box holds few', async () => {
    const bounds = { south: 14.0, north: 14.2, west: 121.3, east: 121.6 };
    const expected = await countIn(bounds);
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThanOrEqual(200);
    for (const token of [undefined, broker.token]) {
      const res = await clusters({ bounds, zoom: 8 }, token).expect(200);
      expect(res.body.clusters).toEqual([]);
      expect(res.body.pins).toHaveLength(expected);
      expect(res.body.pins[0]).toEqual({
        _id: expect.any(String),
        lat: expect.any(Number),
        lng: expect.any(Number),
        name: expect.stringMatching(/^Map listing/),
        price: expect.any(Number),
        currency: 'PHP',
        offer: 'sale',
      });
      expect(res.body.pins.map((p: { _id: string }) => p._id).filter((id: string) => hidden.includes(id))).toEqual([]);
      expect(res.body.extent.south).toBeGreaterThanOrEqual(bounds.south);
    }
    // an admin sees the hidden and draft ones too (the same rule as the search)
    const staff = await clusters({ bounds, zoom: 8 }, admin.token).expect(200);
    expect(staff.body.total).toBeGreaterThan(expected);
  });

  it('applies the filters: a type and a price range counted from the matching listings', async () => {
    for (const bounds of boxes.slice(0, 3)) {
      const res = await clusters({ bounds, zoom: 10, match: { type: ['land'] } }).expect(200);
      expect(res.body.approximate).toBe(false);
      expect(res.body.total).toBe(await countIn(bounds, 'land'));
      const shown = res.body.pins.length || res.body.clusters.reduce((s: number, c: { count: number }) => s + c.count, 0);
      expect(shown).toBe(res.body.total);
    }
    const priced = await clusters({ bounds: boxes[0], zoom: 8, match: { price: { min: 29_000_000 } } }).expect(200);
    const [{ n }] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from ${listings} where ${listings.isVisible} and ${listings.status} <> 'draft' and ${listings.price} >= 29000000 and ${listings.lat} between 14 and 15.2 and ${listings.lng} between 120.4 and 121.6`),
    );
    expect(priced.body.total).toBe(n);
    const none = await clusters({ bounds: boxes[0], zoom: 8, fuzzySearch: 'nowhere-to-be-found' }).expect(200);
    expect(none.body).toMatchObject({ total: 0, clusters: [], pins: [], extent: null });
  });

  it('answers 400 with what to fix for a missing box, a box upside down or too wide, and a bad zoom', async () => {
    const ok = { north: 14.7, south: 14.5, east: 121.1, west: 120.9 };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ zoom: 10 }, /bounds is required/],
      [{ bounds: { ...ok, south: 14.8 }, zoom: 10 }, /bounds.south must not exceed bounds.north/],
      [{ bounds: { ...ok, west: 121.2 }, zoom: 10 }, /bounds.west must not exceed bounds.east/],
      [{ bounds: { north: 40, south: 0, east: 130, west: 100 }, zoom: 5 }, /at most 30° on a side/],
      [{ bounds: { ...ok, north: 95 }, zoom: 10 }, /north must be a latitude/],
      [{ bounds: ok }, /zoom is required/],
      [{ bounds: ok, zoom: 23 }, /zoom must be a whole number from 0 to 22/],
      [{ bounds: ok, zoom: 4.5 }, /zoom must be a whole number/],
      [{ bounds: ok, zoom: 10, match: { colour: ['red'] } }, /Unknown match field 'colour'/],
    ];
    for (const [body, message] of cases) {
      const res = await clusters(body).expect(400);
      expect(JSON.stringify(res.body.message)).toMatch(message);
    }
  });

  it('pages a large public box exactly as the GiST index does, by either walk, with the exact total', async () => {
    const repo = t.app.get(ListingsRepository);
    const map = t.app.get(ListingMapRepository);
    const newest = [{ field: 'createdAt' as const, direction: 'desc' as const }];
    for (const bounds of boxes.slice(0, 4)) {
      const f = parseListingFilters({ bounds });
      for (const skip of [0, 7, 30]) {
        const byGist = (await repo.searchQueries(f, { isAdmin: false }, newest, 10, skip, 'walk').pageWithTotal()) as { listing: { id: string }; total: string }[];
        const ids = byGist.map((r) => r.listing.id);
        expect(await map.boxPageIdsByWalk(bounds, { isAdmin: false }, 10, skip)).toEqual(ids);
        expect(await map.boxPageIdsByRows(bounds, rowRuns(bounds), 10, skip)).toEqual(ids);
        // and through the search route (the service picks the walk; boxes over 400 cells take this path)
        const res = await t.http.post('/api/listing/search').send({ bounds, sort: '-createdAt', limit: 10, skip }).expect(200);
        expect(res.body.listings.map((l: { _id: string }) => l._id)).toEqual(ids);
        expect(res.body.pagination.totalItems).toBe(Number(byGist[0]?.total ?? (await countIn(bounds))));
      }
    }
  });

  it('keeps the blocks of every level in step with the grid cells through inserts, moves, hiding and deletes', async () => {
    const expectBlocksRight = async () => {
      const cells = await t.db.select().from(listingGridCells);
      const expected = new Map<string, number>();
      for (const c of cells) {
        for (let level = 1; level <= 8; level++) {
          const key = `${level}:${Math.floor(Math.floor(c.cell / 72000) / 2 ** level) * 72000 + Math.floor((c.cell % 72000) / 2 ** level)}`;
          expected.set(key, (expected.get(key) ?? 0) + c.listings);
        }
      }
      const kept = await t.db.select().from(listingGridBlocks);
      expect(Object.fromEntries(kept.filter((b) => b.listings !== 0).map((b) => [`${b.level}:${b.block}`, b.listings]))).toEqual(
        Object.fromEntries([...expected].filter(([, n]) => n !== 0)),
      );
    };
    await expectBlocksRight();
    const [one] = await t.db.select().from(listings).where(eq(listings.code, 'MAP-1'));
    await t.db.update(listings).set({ lat: 15.1, lng: 120.45 }).where(eq(listings.id, one.id));
    await expectBlocksRight();
    await t.http.post('/api/listing/update/visibility').set(auth(broker.token)).send({ listingId: one.id, visible: false }).expect(200);
    await expectBlocksRight();
    await t.db.delete(listings).where(sql`${listings.code} in ('MAP-2', 'MAP-3', 'MAP-5')`);
    await expectBlocksRight();
    const res = await clusters({ bounds: boxes[0], zoom: 9 }).expect(200);
    expect(res.body.total).toBe(await countIn(boxes[0]));
  });
});
