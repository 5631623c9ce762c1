import { gridCellOf, listingGridCells, listings, places, users, type PlaceRow } from '@app/db';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { eventually, listen } from '../../../test/realtime';
import { auth, createUser, startTestApp, type TestApp, verifiedIdentity } from '../../../test/test-app';
import { brokenImages, heldUpload, openTempFiles, tempFiles } from '../../../test/uploads';
import { parseListingFilters } from './listing-search';
import { boxValues, ListingsRepository } from './listings.repository';

const png = (w: number, h: number, r = 30) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r, g: 120, b: 90 } } }).png().toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const NOT_FOUND = "The listing you're looking for might have been deleted or does not exist";

describe('listings (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let broker: { token: string; user: { _id: string } };
  let customer: { token: string; user: { _id: string } };
  let admin: { token: string; user: { _id: string } };
  let barangay: PlaceRow;
  let otherCityBarangay: PlaceRow;

  beforeAll(async () => {
    t = await startTestApp();
    // verified identity: this suite gives the broker more than 10 active listings (KYC_UNVERIFIED_ACTIVE_LISTINGS)
    broker = await createUser(t, { type: 'broker', ...verifiedIdentity() });
    customer = await createUser(t);
    admin = await createUser(t, { role: 'admin' });
    [barangay] = await t.db.select().from(places).where(and(eq(places.level, 'barangay'), eq(places.name, 'Bel-Air'))).limit(1);
    if (!barangay) [barangay] = await t.db.select().from(places).where(eq(places.level, 'barangay')).limit(1);
    [otherCityBarangay] = await t.db
      .select()
      .from(places)
      .where(and(eq(places.level, 'barangay'), isNotNull(places.cityCode), ne(places.cityCode, barangay.cityCode!)))
      .limit(1);
  });
  afterAll(() => t.close());

  const body = (over: Record<string, unknown> = {}) => ({
    name: 'Two-bedroom condo near Ayala Triangle',
    type: 'residential',
    price: 18_500_000,
    floorSize: 86,
    bedrooms: 2,
    bathrooms: 2,
    tags: ['for sale', 'furnished'],
    amenities: ['swimming pool', 'gym'],
    descriptionHtml: '<p>Corner unit with <strong>city views</strong>.</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
    location: { lat: 14.5565, lng: 121.0233 },
    address: { type: 'condominium', street: 'Paseo de Roxas', barangayCode: barangay.code },
    ...over,
  });
  const create = (token: string, over: Record<string, unknown> = {}) =>
    t.http.post('/api/listing/create').set(auth(token)).send(body(over));

  describe('create, read, update, remove', () => {
    it('creates a listing with a readable unique code, the address from PSGC and sanitised HTML', async () => {
      const res = await create(broker.token).expect(201);
      const l = res.body;
      expect(l.code).toMatch(/^RES-\d{6}$/);
      expect(l.address).toMatchObject({ barangayCode: barangay.code, barangay: barangay.name, cityCode: barangay.cityCode, type: 'condominium' });
      expect(l.address.city).toEqual(expect.any(String));
      expect(l.descriptionHtml).toBe(
        '<p>Corner unit with <strong>city views</strong>.</p><a rel="nofollow noopener noreferrer" target="_blank">x</a>',
      );
      expect(l.description).toBe('Corner unit with city views. x');
      // the owner's trust: a verified identity, no approved licence yet (a broker without one is marked for buyers)
      expect(l.owner).toEqual({ _id: broker.user._id, firstName: 'Test', lastName: 'User', avatar: null, isVerified: true, licence: null });
      expect(l.ownerUnlicensed).toBe(true);
      expect(l).toMatchObject({ price: 18500000, views: 0, savedCount: 0, rating: { average: 0, count: 0 }, verified: false, isSaved: false });
      const again = await create(broker.token).expect(201);
      expect(again.body.code).not.toBe(l.code);
      const read = await t.http.get(`/api/listing/get/${l._id}`).expect(200);
      expect(read.body.name).toBe(l.name);
    });

    it('refuses an unknown PSGC code, a mismatched city, a bad type and a smuggled verified tag', async () => {
      const unknown = await create(broker.token, { address: { barangayCode: '9999999999' } }).expect(400);
      expect(unknown.body.message).toMatch(/Unknown barangayCode '9999999999'/);
      const mismatch = await create(broker.token, {
        address: { barangayCode: barangay.code, cityCode: otherCityBarangay.cityCode },
      }).expect(400);
      expect(mismatch.body.message).toMatch(/does not contain barangayCode/);
      const badType = await create(broker.token, { type: 'castle', price: -1 }).expect(400);
      expect(badType.body.message).toEqual(expect.arrayContaining([expect.stringMatching(/^type must be one of/)]));
      const tagged = await create(broker.token, { tags: ['for sale', 'Tahanan verified'] }).expect(201);
      expect(tagged.body.tags).toEqual(['for sale']);
      await t.http.post('/api/listing/create').send(body()).expect(401);
    });

    it('answers 404 with the spec’s message for an unknown or malformed id', async () => {
      const res = await t.http.get('/api/listing/get/00000000-0000-4000-8000-000000000000').expect(404);
      expect(res.body.message).toBe(NOT_FOUND);
      await t.http.get('/api/listing/get/not-an-id').expect(404);
    });

    it('updates only with _id and owner, only by the owner or an admin', async () => {
      const { body: l } = await create(broker.token).expect(201);
      const missing = await t.http.put('/api/listing/update').set(auth(broker.token)).send({ _id: l._id, price: 1 }).expect(400);
      expect(missing.body.message).toBe('Missing required fields: _id or owner');
      await t.http.put('/api/listing/update').set(auth(broker.token)).send({ owner: broker.user._id, price: 1 }).expect(400);
      await t.http
        .put('/api/listing/update')
        .set(auth(customer.token))
        .send({ _id: l._id, owner: broker.user._id, price: 1 })
        .expect(403);
      const ok = await t.http
        .put('/api/listing/update')
        .set(auth(broker.token))
        .send({ _id: l._id, owner: broker.user._id, price: 17_900_000, status: 'active', tags: ['for sale'] })
        .expect(200);
      expect(ok.body).toMatchObject({ price: 17900000, tags: ['for sale'] });
      await t.http
        .put('/api/listing/update')
        .set(auth(admin.token))
        .send({ _id: l._id, owner: broker.user._id, name: 'Edited by admin' })
        .expect(200);
    });

    it('removes only for the owner or an admin', async () => {
      const { body: l } = await create(broker.token).expect(201);
      await t.http.delete(`/api/listing/remove/${l._id}`).set(auth(customer.token)).expect(403);
      await t.http.delete(`/api/listing/remove/${l._id}`).set(auth(broker.token)).expect(200);
      await t.http.get(`/api/listing/get/${l._id}`).expect(404);
    });

    it('hides an invisible listing from everyone but its owner and staff (a viewer reads it, only admins change it)', async () => {
      const viewer = await createUser(t, { role: 'viewer' });
      const { body: l } = await create(broker.token).expect(201);
      await t.http.post('/api/listing/update/visibility').set(auth(customer.token)).send({ listingId: l._id, visible: false }).expect(403);
      await t.http.post('/api/listing/update/visibility').set(auth(broker.token)).send({ listingId: l._id, visible: false }).expect(200);
      await t.http.get(`/api/listing/get/${l._id}`).set(auth(customer.token)).expect(404);
      await t.http.get(`/api/listing/get/${l._id}`).set(auth(broker.token)).expect(200);
      await t.http.get(`/api/listing/get/${l._id}`).set(auth(admin.token)).expect(200);
      await t.http.get(`/api/listing/get/${l._id}`).set(auth(viewer.token)).expect(200);
      const byOwner = { query: { owner: broker.user._id, visible: false } };
      const seen = async (token: string) =>
        (await t.http.post('/api/listing/search').set(auth(token)).send(byOwner).expect(200)).body.listings.map((x: { _id: string }) => x._id);
      expect(await seen(viewer.token)).toContain(l._id);
      expect(await seen(customer.token)).not.toContain(l._id);
      await t.http.post('/api/listing/update/visibility').set(auth(viewer.token)).send({ listingId: l._id, visible: true }).expect(403);
      await t.http.delete(`/api/listing/remove/${l._id}`).set(auth(viewer.token)).expect(403);
    });
  });

  describe('search, filter and nearby', () => {
    let cheap: { _id: string; code: string };
    let commercial: { _id: string };
    beforeAll(async () => {
      cheap = (await create(broker.token, { name: 'Studio unit in Poblacion', price: 45_000, tags: ['for rent', 'pet friendly'], location: { lat: 14.5649, lng: 121.0297 } })).body;
      commercial = (await create(broker.token, { name: 'Retail space along Makati Avenue', type: 'commercial', price: 250_000, tags: ['for rent'], floorSize: 120, location: { lat: 14.6, lng: 121.2 } })).body;
    });

    const search = (payload: Record<string, unknown>) => t.http.post('/api/listing/search').send(payload);

    it('finds by text despite a typo, and by code', async () => {
      const exact = await search({ fuzzySearch: 'poblacion' }).expect(200);
      expect(exact.body.listings.map((l: { _id: string }) => l._id)).toContain(cheap._id);
      const typo = await search({ fuzzySearch: 'poblacoin' }).expect(200);
      expect(typo.body.listings.map((l: { _id: string }) => l._id)).toContain(cheap._id);
      const byCode = await search({ fuzzySearch: cheap.code }).expect(200);
      expect(byCode.body.listings[0]._id).toBe(cheap._id);
      const partial = await search({ fuzzySearch: 'poblac' }).expect(200);
      expect(partial.body.listings.map((l: { _id: string }) => l._id)).toContain(cheap._id);
    });

    it('combines text with city, barangay and type filters', async () => {
      const ids = async (match: Record<string, unknown>) =>
        (await search({ fuzzySearch: 'studio poblacion', match }).expect(200)).body.listings.map((l: { _id: string }) => l._id);
      expect(await ids({ city: [barangay.cityCode], type: ['residential'] })).toEqual([cheap._id]);
      expect(await ids({ barangay: [barangay.code, otherCityBarangay.code] })).toEqual([cheap._id]);
      expect(await ids({ city: [otherCityBarangay.cityCode] })).toEqual([]);
      expect(await ids({ type: ['commercial', 'land'] })).toEqual([]);
    });

    it('filters by inclusive price range, type, all tags, city and minimum rating, with the pagination shape', async () => {
      const res = await search({ match: { price: { min: 45_000, max: 250_000 }, tags: ['for rent'] }, sort: 'price', limit: 5 }).expect(200);
      const ids = res.body.listings.map((l: { _id: string }) => l._id);
      expect(ids).toEqual([cheap._id, commercial._id]);
      expect(res.body.pagination).toEqual({ currentPage: 1, itemsOnPage: 2, totalPages: 1, totalItems: 2, itemsPerPage: 5, totalIsEstimate: false });
      const typed = await search({ match: { type: ['commercial'] } }).expect(200);
      expect(typed.body.listings.every((l: { type: string }) => l.type === 'commercial')).toBe(true);
      const both = await search({ match: { tags: ['for rent', 'pet friendly'] } }).expect(200);
      expect(both.body.listings.map((l: { _id: string }) => l._id)).toEqual([cheap._id]);
      const city = await search({ match: { city: [barangay.cityCode] }, limit: 100 }).expect(200);
      expect(city.body.pagination.totalItems).toBeGreaterThanOrEqual(3);
      const rated = await search({ match: { rating: { min: 4 } } }).expect(200);
      expect(rated.body.listings).toEqual([]);
    });

    it('sorts by the spec’s options and pages with skip', async () => {
      const az = await search({ sort: 'name', limit: 100 }).expect(200);
      const names = az.body.listings.map((l: { name: string }) => l.name);
      expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
      const latest = await search({ sort: '-createdAt', limit: 1 }).expect(200);
      const second = await search({ sort: '-createdAt', limit: 1, skip: 1 }).expect(200);
      expect(latest.body.listings[0]._id).not.toBe(second.body.listings[0]._id);
      expect(second.body.pagination.currentPage).toBe(2);
    });

    it('counts a new listing in a search total at once (the count cache follows writes)', async () => {
      const before = await search({ match: { type: ['industrial'] } }).expect(200);
      await create(broker.token, { name: 'Warehouse in Canlubang', type: 'industrial', price: 90_000_000 }).expect(201);
      const after = await search({ match: { type: ['industrial'] } }).expect(200);
      expect(after.body.pagination.totalItems).toBe(before.body.pagination.totalItems + 1);
    });

    it('searches inside a map bounding box', async () => {
      const res = await search({ bounds: { north: 14.57, south: 14.56, east: 121.035, west: 121.025 } }).expect(200);
      expect(res.body.listings.map((l: { _id: string }) => l._id)).toEqual([cheap._id]);
    });

    it('answers a map box page and its total in one statement, and the total of an empty page too', async () => {
      const box = { north: 14.57, south: 14.56, east: 121.035, west: 121.025 };
      const first = await search({ bounds: box, limit: 1 }).expect(200);
      expect(first.body.pagination).toEqual({ currentPage: 1, itemsOnPage: 1, totalPages: 1, totalItems: 1, itemsPerPage: 1, totalIsEstimate: false });
      const past = await search({ bounds: box, limit: 1, skip: 5 }).expect(200);
      expect(past.body.listings).toEqual([]);
      expect(past.body.pagination.totalItems).toBe(1);
      const sea = await search({ bounds: { north: 13.1, south: 13.0, east: 120.1, west: 120.0 } }).expect(200);
      expect(sea.body).toEqual({ listings: [], pagination: expect.objectContaining({ totalItems: 0, itemsOnPage: 0 }) });
    });

    it('pages a map box cell by cell exactly as the GiST index does, hidden and draft listings included only for admins', async () => {
      // a 9 × 5 grid of listings 0.0025° apart from 14.6000, 121.0000: every other one on a cell edge
      const made: string[] = [];
      for (let i = 0; i < 9; i++) {
        for (let j = 0; j < 5; j++) {
          const res = await create(broker.token, { name: `Grid lot ${i}-${j}`, type: 'land', price: 1_000_000, location: { lat: 14.6 + i * 0.0025, lng: 121 + j * 0.0025 } }).expect(201);
          made.push(res.body._id);
        }
      }
      await t.db.update(listings).set({ isVisible: false }).where(eq(listings.id, made[7]));
      await t.db.update(listings).set({ status: 'draft' }).where(eq(listings.id, made[12]));
      const repo = t.app.get(ListingsRepository);
      const boxes = [
        { north: 14.62, south: 14.6, east: 121.01, west: 121 }, // edges on cell edges and on listings
        { north: 14.6149, south: 14.6026, east: 121.0074, west: 121.0026 }, // inside, off the edges
        { north: 14.5999, south: 14.59, east: 121.01, west: 121 }, // empty
      ];
      const viewers = [{ isAdmin: false }, { isAdmin: false, id: customer.user._id }, { isAdmin: false, id: broker.user._id }];
      const newest = [{ field: 'createdAt' as const, direction: 'desc' as const }];
      for (const bounds of boxes) {
        const f = parseListingFilters({ bounds });
        for (const viewer of viewers) {
          for (const skip of [0, 5, 10, 40]) {
            const cells = repo.gridCellsOf(f, viewer, newest, 5 + skip);
            expect(cells).not.toBeNull();
            const byCells = (await repo.boxByGridCells(boxValues(f, cells!, 5, skip))) as { listing: { id: string }; total: string }[];
            const byGist = (await repo.searchQueries(f, viewer, newest, 5, skip, 'walk').pageWithTotal()) as { listing: { id: string }; total: string }[];
            expect(byCells.map((r) => r.listing.id)).toEqual(byGist.map((r) => r.listing.id));
            expect(byCells[0]?.total).toEqual(byGist[0]?.total);
          }
        }
      }
      const all = await repo.searchPageAndTotal(parseListingFilters({ bounds: boxes[0] }), { isAdmin: false }, newest, 50, 0);
      expect(all.total).toBe(43); // 45 in the box, less the hidden one and the draft
      expect(all.rows.map((r) => r.listing.id)).not.toContain(made[7]);
      const staff = await repo.searchPageAndTotal(parseListingFilters({ bounds: boxes[0] }), { isAdmin: true }, newest, 50, 0);
      expect(staff.total).toBe(45);
      // other filters, other orders, deep pages and a zoomed-out map use the GiST index
      const f = parseListingFilters({ bounds: boxes[0] });
      const anyone = { isAdmin: false };
      expect(repo.gridCellsOf(parseListingFilters({ bounds: boxes[0], match: { type: ['land'] } }), anyone, newest, 10)).toBeNull();
      expect(repo.gridCellsOf(f, anyone, [{ field: 'price', direction: 'asc' }], 10)).toBeNull();
      expect(repo.gridCellsOf(f, anyone, newest, 1000)).toBeNull();
      expect(repo.gridCellsOf(f, { isAdmin: true, id: admin.user._id }, newest, 10)).toBeNull();
      expect(repo.gridCellsOf(parseListingFilters({ bounds: { north: 15, south: 14, east: 122, west: 121 } }), anyone, newest, 10)).toBeNull();
      const cells = repo.gridCellsOf(f, anyone, newest, 10)!;
      expect([cells.interior.length, cells.border.length]).toEqual([3 * 1, 5 * 3 - 3]);
    });

    it('keeps each grid cell\'s public count and newest time with every write, and pages right when a cell\'s newest has gone', async () => {
      const repo = t.app.get(ListingsRepository);
      const newest = [{ field: 'createdAt' as const, direction: 'desc' as const }];
      // what the triggers must agree with: the public listings of each cell, counted now
      const expectCellsRight = async () => {
        const recount = await t.db.execute(sql`select ${gridCellOf(listings.lat, listings.lng)}::text as cell, count(*)::int as n, max(${listings.createdAt}) as newest
          from ${listings} where ${listings.isVisible} and ${listings.status} <> 'draft' group by 1`);
        const kept = await t.db.select().from(listingGridCells);
        const actual = new Map(((recount as unknown as { rows: { cell: string; n: number; newest: Date | string }[] }).rows).map((r) => [r.cell, r]));
        expect(Object.fromEntries(kept.filter((k) => k.listings !== 0).map((k) => [String(k.cell), k.listings]))).toEqual(
          Object.fromEntries([...actual].map(([cell, r]) => [cell, r.n])),
        );
        for (const k of kept) {
          const found = actual.get(String(k.cell));
          if (found) expect(k.newest.getTime()).toBeGreaterThanOrEqual(new Date(found.newest).getTime());
        }
      };
      const expectSamePage = async (bounds: { north: number; south: number; east: number; west: number }, limit: number) => {
        const f = parseListingFilters({ bounds });
        const byCells = (await repo.boxByGridCells(boxValues(f, repo.gridCellsOf(f, { isAdmin: false }, newest, limit)!, limit, 0))) as {
          listing: { id: string };
          total: string;
        }[];
        const byGist = (await repo.searchQueries(f, { isAdmin: false }, newest, limit, 0, 'walk').pageWithTotal()) as { listing: { id: string }; total: string }[];
        expect(byCells.map((r) => r.listing.id)).toEqual(byGist.map((r) => r.listing.id));
        expect(byCells[0]?.total).toEqual(byGist[0]?.total);
        return byCells.map((r) => r.listing.id);
      };
      await expectCellsRight();
      // three listings near 15.3001, 120.9001: two in one cell, one in the cell to the east
      const at = (lat: number, lng: number, name: string) => create(broker.token, { name, location: { lat, lng } }).expect(201).then((r) => r.body._id as string);
      const a = await at(15.3001, 120.9001, 'Cell test A');
      const b = await at(15.3002, 120.9002, 'Cell test B');
      const c = await at(15.3001, 120.9061, 'Cell test C');
      await expectCellsRight();
      await t.db.update(listings).set({ lat: 15.3003, lng: 120.9003 }).where(eq(listings.id, c)); // C moves in with A and B
      await expectCellsRight();
      await t.http.post('/api/listing/update/visibility').set(auth(broker.token)).send({ listingId: a, visible: false }).expect(200);
      await expectCellsRight();
      await t.http.post('/api/listing/update/visibility').set(auth(broker.token)).send({ listingId: a, visible: true }).expect(200);
      await t.db.update(listings).set({ status: 'draft' }).where(eq(listings.id, b));
      await t.db.update(listings).set({ views: 5 }).where(eq(listings.id, c)); // no move: no change
      await expectCellsRight();
      // several rows in one statement, then a member with listings removed (a cascaded delete)
      const seller = await createUser(t, { type: 'property_owner' });
      const [template] = await t.db.select().from(listings).where(eq(listings.id, a));
      const { id: _id, code: _code, searchText: _text, searchVector: _vector, ...rest } = template;
      await t.db.insert(listings).values(
        [0, 1, 2, 3].map((i) => ({ ...rest, code: `CELL-${i}`, ownerId: seller.user._id, lat: 15.3001 + i * 0.002, lng: 120.9001, createdAt: new Date(Date.now() + i * 1000) })),
      );
      await expectCellsRight();
      const box = { north: 15.31, south: 15.299, east: 120.91, west: 120.899 };
      expect((await expectSamePage(box, 3)).length).toBe(3);
      // the newest listings leave: the cells keep their newest times (now too new), the page stays right
      await t.db.delete(users).where(eq(users.id, seller.user._id));
      await expectCellsRight();
      expect(await expectSamePage(box, 3)).toEqual([c, a]);
      await t.http.delete(`/api/listing/remove/${c}`).set(auth(broker.token)).expect(200);
      await expectCellsRight();
      expect(await expectSamePage(box, 3)).toEqual([a]);
      // four cells in a row; the newest listing of the first leaves, so its cell's newest time is too
      // new and the three cells walked first hold only two of the page: the third comes from the fourth
      const hour = (h: number) => new Date(Date.UTC(2026, 0, 1, h));
      const inCell = (cell: number, h: number) => ({ ...rest, code: `ROW-${cell}-${h}`, lat: 15.5001, lng: 120.9001 + cell * 0.006, createdAt: hour(h) });
      const rowOf = await t.db
        .insert(listings)
        .values([inCell(0, 10), inCell(0, 1), inCell(1, 9), inCell(2, 8), inCell(3, 7), inCell(3, 6)])
        .returning({ id: listings.id, code: listings.code });
      const id = (code: string) => rowOf.find((r) => r.code === code)!.id;
      await t.db.delete(listings).where(eq(listings.id, id('ROW-0-10')));
      await expectCellsRight();
      expect(await expectSamePage({ north: 15.501, south: 15.5, east: 120.93, west: 120.9 }, 3)).toEqual([id('ROW-1-9'), id('ROW-2-8'), id('ROW-3-7')]);
      // emptying the table (the benchmark generator's reset) empties the cells; rolled back here
      await t.db
        .transaction(async (tx) => {
          await tx.execute(sql`truncate ${listings} cascade`);
          expect(await tx.select().from(listingGridCells)).toEqual([]);
          tx.rollback();
        })
        .catch((err: Error) => expect(err.message).toBe('Rollback'));
      await expectCellsRight();
    });

    it('reads the same page whether it walks the newest-first index or scans the full-text index', async () => {
      for (let i = 0; i < 4; i++) await create(broker.token, { name: `Garden villa ${i} in Poblacion`, price: 5_000_000 + i }).expect(201);
      const repo = t.app.get(ListingsRepository);
      const filters = parseListingFilters({ fuzzySearch: 'villa', match: { city: [barangay.cityCode], type: ['residential'] } });
      const newest = [{ field: 'createdAt' as const, direction: 'desc' as const }];
      const ids = async (form: 'walk' | 'gin', skip: number) =>
        (await repo.searchPage(filters, { isAdmin: false }, newest, 3, skip, form)).map((r) => r.listing.name);
      expect(await ids('walk', 0)).toEqual(['Garden villa 3 in Poblacion', 'Garden villa 2 in Poblacion', 'Garden villa 1 in Poblacion']);
      expect(await ids('gin', 0)).toEqual(await ids('walk', 0));
      expect(await ids('gin', 3)).toEqual(['Garden villa 0 in Poblacion']);
      expect(await ids('walk', 3)).toEqual(await ids('gin', 3));
      const byPrice = [{ field: 'price' as const, direction: 'asc' as const }];
      const cheapest = await repo.searchPage(filters, { isAdmin: false }, byPrice, 1, 0, 'gin');
      expect(cheapest[0].listing.price).toBe(5_000_000);
    });

    it('answers 400 for unknown match, query, sort and select fields', async () => {
      expect((await search({ match: { rooms: 2 } }).expect(400)).body.message).toMatch(/Unknown match field 'rooms'/);
      expect((await search({ query: { ownerId: 'x' } }).expect(400)).body.message).toMatch(/Unknown query field 'ownerId'/);
      expect((await search({ sort: 'secret' }).expect(400)).body.message).toMatch(/Unknown sort field 'secret'/);
      expect((await search({ select: ['ownerId'] }).expect(400)).body.message).toMatch(/Unknown select field 'ownerId'/);
      expect((await search({ match: { price: { min: 10, max: 1 } } }).expect(400)).body.message).toBe('match.price.min must not exceed max');
    });

    it('gives facet counts per type, tag, price band and city', async () => {
      const res = await t.http.post('/api/listing/filter').send({ match: { tags: ['for rent'] } }).expect(200);
      expect(res.body.types).toEqual(expect.arrayContaining([{ value: 'commercial', count: 1 }, { value: 'residential', count: 1 }]));
      expect(res.body.tags).toEqual(expect.arrayContaining([{ value: 'for rent', count: 2 }, { value: 'pet friendly', count: 1 }]));
      expect(res.body.priceBands[0]).toEqual({ min: 0, max: 50000, count: 1 });
      expect(res.body.priceBands[3]).toEqual({ min: 200000, max: 500000, count: 1 });
      expect(res.body.priceBands).toHaveLength(7);
    });

    it('finds listings within 0.005 degrees of a point, nearest first, with areas nearby by category', async () => {
      const res = await t.http.post('/api/listing/search/nearby').send({ lat: 14.5649, lng: 121.0297 }).expect(200);
      const ids = res.body.listings.map((l: { _id: string }) => l._id);
      expect(ids[0]).toBe(cheap._id);
      expect(ids).not.toContain(commercial._id);
      expect(res.body.areasNearby).toHaveLength(10);
      const around = await t.http.post('/api/listing/search/nearby').send({ listingId: cheap._id }).expect(200);
      expect(around.body.listings.map((l: { _id: string }) => l._id)).not.toContain(cheap._id);
      await t.http.post('/api/listing/search/nearby').send({}).expect(400);
    });

    it('lists with get/all, select and the default newest-first sort', async () => {
      const res = await t.http.get('/api/listing/get/all?select=name,price&limit=2').expect(200);
      expect(res.body.listings).toHaveLength(2);
      expect(Object.keys(res.body.listings[0]).sort()).toEqual(['_id', 'name', 'price']);
      const [row] = await t.db.select({ id: listings.id }).from(listings).orderBy(listings.createdAt).limit(1);
      const oldest = await t.http.get('/api/listing/get/all?sort=createdAt&limit=1').expect(200);
      expect(oldest.body.listings[0]._id).toBe(row.id);
    });
  });

  describe('behaviour, saving and the dashboard', () => {
    it('counts a view once per viewer per day', async () => {
      const { body: l } = await create(broker.token).expect(201);
      const first = await t.http.post(`/api/listing/update/behavior/${l._id}`).set(auth(customer.token)).send({ behavior: 'view' }).expect(200);
      const again = await t.http.post(`/api/listing/update/behavior/${l._id}`).set(auth(customer.token)).send({}).expect(200);
      expect(first.body.views).toBe(1);
      expect(again.body.views).toBe(1);
      const guest = await t.http.post(`/api/listing/update/behavior/${l._id}`).send({ behavior: 'view' }).expect(200);
      expect(guest.body.views).toBe(2);
      await t.http.post(`/api/listing/update/behavior/${l._id}`).send({ behavior: 'teleport' }).expect(400);
    });

    it('saves and unsaves, counted once, and the dashboard adds it up', async () => {
      const owner = await createUser(t, { type: 'property_owner' });
      const { body: l } = await create(owner.token).expect(201);
      const saved = await t.http.post('/api/listing/save').set(auth(customer.token)).send({ listingId: l._id }).expect(200);
      const twice = await t.http.post('/api/listing/save').set(auth(customer.token)).send({ listingId: l._id }).expect(200);
      expect(saved.body).toEqual({ saved: true, savedCount: 1 });
      expect(twice.body).toEqual({ saved: true, savedCount: 1 });
      const read = await t.http.get(`/api/listing/get/${l._id}`).set(auth(customer.token)).expect(200);
      expect(read.body.isSaved).toBe(true);
      await t.http.post(`/api/listing/update/behavior/${l._id}`).set(auth(customer.token)).send({}).expect(200);
      const dash = await t.http
        .post('/api/listing/dashboard')
        .set(auth(owner.token))
        .send({ data: ['totalListings', 'totalSaved', 'totalViews'], filter: { userId: owner.user._id } })
        .expect(200);
      expect(dash.body).toEqual({ totalListings: 1, totalSaved: 1, totalViews: 1 });
      await t.http.post('/api/listing/dashboard').set(auth(customer.token)).send({ data: ['totalListings'], filter: { userId: owner.user._id } }).expect(403);
      const unsaved = await t.http.put('/api/listing/unsave').set(auth(customer.token)).send({ listingId: l._id }).expect(200);
      expect(unsaved.body).toEqual({ saved: false, savedCount: 0 });
      const again = await t.http.put('/api/listing/unsave').set(auth(customer.token)).send({ listingId: l._id }).expect(200);
      expect(again.body.savedCount).toBe(0);
    });
  });

  describe('reviews', () => {
    it('lets a member rate once, not their own listing, and keeps the average', async () => {
      const { body: l } = await create(broker.token).expect(201);
      const own = await t.http.post(`/api/listing/review/${l._id}`).set(auth(broker.token)).send({ rating: 5 }).expect(403);
      expect(own.body.message).toBe('You cannot review your own listing');
      const r = await t.http.post(`/api/listing/review/${l._id}`).set(auth(customer.token)).send({ rating: 4, comment: 'Bright unit' }).expect(201);
      expect(r.body).toMatchObject({ rating: 4, comment: 'Bright unit', user: { _id: customer.user._id } });
      await t.http.post(`/api/listing/review/${l._id}`).set(auth(customer.token)).send({ rating: 1 }).expect(409);
      await t.http.post(`/api/listing/review/${l._id}`).set(auth(admin.token)).send({ rating: 2 }).expect(201);
      await t.http.post(`/api/listing/review/${l._id}`).set(auth(admin.token)).send({ rating: 6 }).expect(400);
      const read = await t.http.get(`/api/listing/get/${l._id}`).expect(200);
      expect(read.body.rating).toEqual({ average: 3, count: 2 });
      const list = await t.http.get(`/api/listing/reviews/${l._id}`).expect(200);
      expect(list.body.reviews).toHaveLength(2);
      const min3 = await t.http.post('/api/listing/search').send({ match: { rating: { min: 3 } } }).expect(200);
      expect(min3.body.listings.map((x: { _id: string }) => x._id)).toContain(l._id);
      const min4 = await t.http.post('/api/listing/search').send({ match: { rating: { min: 3.5 } } }).expect(200);
      expect(min4.body.listings.map((x: { _id: string }) => x._id)).not.toContain(l._id);
    });
  });

  describe('photos and ownership documents', () => {
    it('stores photos with a web copy and a thumbnail, and deletes one', async () => {
      const { body: l } = await create(broker.token).expect(201);
      const res = await t.http
        .post(`/api/listing/upload-image/${l._id}`)
        .set(auth(broker.token))
        .attach('image', await png(2400, 1600), 'living.png')
        .attach('image', await png(800, 600, 200), 'kitchen.png')
        .expect(200);
      expect(res.body.images).toHaveLength(2);
      const [first] = res.body.images;
      expect(first).toMatchObject({ width: 1600, height: 1067 });
      const web = await t.http.get(first.url).expect(200);
      expect((await sharp(web.body as Buffer).metadata()).format).toBe('webp');
      const thumb = await t.http.get(first.thumbnailUrl).expect(200);
      expect(await sharp(thumb.body as Buffer).metadata()).toMatchObject({ width: 480, height: 360 });
      const after = await t.http.delete('/api/listing/delete-image').set(auth(broker.token)).send({ listingId: l._id, imageId: first._id }).expect(200);
      expect(after.body.images).toHaveLength(1);
      await t.http.get(first.url).expect(404);
    });

    it('refuses other members, too many files, too large files and bytes that are not images', async () => {
      const { body: l } = await create(broker.token).expect(201);
      const image = await png(10, 10);
      await t.http.post(`/api/listing/upload-image/${l._id}`).set(auth(customer.token)).attach('image', image, 'a.png').expect(403);
      let six = t.http.post(`/api/listing/upload-image/${l._id}`).set(auth(broker.token));
      for (let i = 0; i < 6; i++) six = six.attach('image', image, `p${i}.png`);
      expect((await six.expect(400)).body.message).toBe("At most 5 file(s) may be sent in 'image'");
      const big = await t.http
        .post(`/api/listing/upload-image/${l._id}`)
        .set(auth(broker.token))
        .attach('image', Buffer.alloc(10 * 1024 * 1024 + 1), 'big.png')
        .expect(413);
      expect(big.body.message).toBe("Each file in 'image' must be at most 10 MB");
      const fake = await t.http
        .post(`/api/listing/upload-image/${l._id}`)
        .set(auth(broker.token))
        .attach('image', image, 'ok.png')
        .attach('image', PDF, { filename: 'photo.jpg', contentType: 'image/jpeg' })
        .expect(400);
      expect(fake.body.message).toBe("'photo.jpg' is not an image; upload JPEG, PNG, WebP, GIF or AVIF photos");
      const read = await t.http.get(`/api/listing/get/${l._id}`).expect(200);
      expect(read.body.images).toHaveLength(0);
    });

    it('keeps ownership documents private and lets an admin verify after review', async () => {
      const { body: l } = await create(broker.token).expect(201);
      await t.http.post(`/api/listing/verify/${l._id}`).set(auth(admin.token)).send({ verified: true }).expect(400);
      await t.http
        .post(`/api/listing/upload-ownership/${l._id}`)
        .set(auth(broker.token))
        .attach('documents', Buffer.from('just text'), 'title.pdf')
        .expect(400);
      const up = await t.http
        .post(`/api/listing/upload-ownership/${l._id}`)
        .set(auth(broker.token))
        .attach('documents', PDF, 'TCT-12345.pdf')
        .attach('documents', await png(20, 20), 'tax-declaration.png')
        .expect(200);
      expect(up.body.documents.map((d: { contentType: string }) => d.contentType)).toEqual(['application/pdf', 'image/png']);
      const docId = up.body.documents[0]._id;
      await t.http.get(`/api/listing/ownership/${l._id}`).set(auth(customer.token)).expect(403);
      await t.http.get(`/api/listing/ownership/${l._id}/${docId}`).set(auth(customer.token)).expect(403);
      await t.http.get(`/api/listing/ownership/${l._id}/${docId}`).expect(401);
      const file = await t.http.get(`/api/listing/ownership/${l._id}/${docId}`).set(auth(admin.token)).expect(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(Buffer.from(file.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
      await t.http.post(`/api/listing/verify/${l._id}`).set(auth(broker.token)).send({ verified: true }).expect(403);
      const verified = await t.http.post(`/api/listing/verify/${l._id}`).set(auth(admin.token)).send({ verified: true }).expect(200);
      expect(verified.body.verified).toBe(true);
      expect(verified.body.tags).toContain('Tahanan verified');
      const kept = await t.http
        .put('/api/listing/update')
        .set(auth(broker.token))
        .send({ _id: l._id, owner: broker.user._id, tags: ['for sale'] })
        .expect(200);
      expect(kept.body.tags).toEqual(['for sale', 'Tahanan verified']);
    });
  });

  describe('uploads: authorised before the body is read, streamed to temporary files', () => {
    let baseUrl: string;
    beforeAll(async () => {
      baseUrl = await listen(t);
    });

    it("refuses a non-owner's photos and documents without reading the body (403; 404 for a listing that does not exist)", async () => {
      const { body: l } = await create(broker.token).expect(201);
      const forbidden = { statusCode: 403, message: 'Only the owner of this listing or an admin can do this', error: 'Forbidden' };
      const notFound = { statusCode: 404, message: NOT_FOUND, error: 'Not Found' };
      const cases: [string, string, unknown][] = [
        [`/api/listing/upload-image/${l._id}`, 'image', forbidden],
        [`/api/listing/upload-ownership/${l._id}`, 'documents', forbidden],
        ['/api/listing/upload-image/00000000-0000-4000-8000-000000000000', 'image', notFound],
        ['/api/listing/upload-ownership/not-a-uuid', 'documents', notFound],
      ];
      for (const [url, field, expected] of cases) {
        // the request announces a 10 MB file but sends only its first 64 KB: the answer must come anyway
        const held = heldUpload(baseUrl, url, { token: customer.token, field });
        const answer = await held.response;
        expect({ url, status: answer.status, body: answer.body }).toEqual({ url, status: (expected as { statusCode: number }).statusCode, body: expected });
        expect(tempFiles(t)).toEqual([]);
      }
      const read = await t.http.get(`/api/listing/get/${l._id}`).expect(200);
      expect(read.body.images).toHaveLength(0);
      const docs = await t.http.get(`/api/listing/ownership/${l._id}`).set(auth(broker.token)).expect(200);
      expect(docs.body.documents).toHaveLength(0);
    });

    it("streams the owner's upload to a temporary file and removes it when the client goes away mid-body", async () => {
      const { body: l } = await create(broker.token).expect(201);
      const held = heldUpload(baseUrl, `/api/listing/upload-image/${l._id}`, { token: broker.token, field: 'image' });
      await eventually(() => tempFiles(t).length === 1, 'the upload in a temporary file');
      held.abort();
      await eventually(() => tempFiles(t).length === 0, 'the temporary file removed after the client went away');
      const read = await t.http.get(`/api/listing/get/${l._id}`).expect(200);
      expect(read.body.images).toHaveLength(0);
    });

    it('leaves no temporary file after a success or an error', async () => {
      const { body: l } = await create(broker.token).expect(201);
      await t.http.post(`/api/listing/upload-image/${l._id}`).set(auth(broker.token)).attach('image', await png(40, 30), 'a.png').expect(200);
      expect(tempFiles(t)).toEqual([]);
      // an admin passes the same check as the owner
      const byAdmin = await t.http.post(`/api/listing/upload-image/${l._id}`).set(auth(admin.token)).attach('image', await png(30, 40), 'b.png').expect(200);
      expect(byAdmin.body.images).toHaveLength(2);
      expect(tempFiles(t)).toEqual([]);
      await t.http.post(`/api/listing/upload-ownership/${l._id}`).set(auth(broker.token)).attach('documents', PDF, 'deed.pdf').expect(200);
      expect(tempFiles(t)).toEqual([]);
      await t.http
        .post(`/api/listing/upload-image/${l._id}`)
        .set(auth(broker.token))
        .attach('image', await png(10, 10), 'ok.png')
        .attach('image', Buffer.alloc(10 * 1024 * 1024 + 1), 'big.png')
        .expect(413);
      expect(tempFiles(t)).toEqual([]);
      await t.http.post(`/api/listing/upload-image/${l._id}`).set(auth(broker.token)).attach('image', PDF, 'x.png').expect(400);
      expect(tempFiles(t)).toEqual([]);
      await t.http.post(`/api/listing/upload-ownership/${l._id}`).set(auth(broker.token)).attach('documents', Buffer.from('text'), 'x.pdf').expect(400);
      expect(tempFiles(t)).toEqual([]);
      // and nothing (sharp's file cache included) holds a removed temp file open
      expect(openTempFiles(t)).toEqual([]);
    });

    it('answers 400 (never 500) for photos whose header is right but whose data is truncated or corrupt, storing none', async () => {
      const { body: l } = await create(broker.token).expect(201);
      const broken = await brokenImages();
      for (const [name, bytes] of Object.entries(broken)) {
        const res = await t.http
          .post(`/api/listing/upload-image/${l._id}`)
          .set(auth(broker.token))
          .attach('image', await png(20, 20), 'fine.png')
          .attach('image', bytes, `${name}.png`);
        expect({ name, status: res.status, body: res.body }).toEqual({
          name,
          status: 400,
          body: {
            statusCode: 400,
            message: `'${name}.png' could not be read (the file is damaged or incomplete); upload JPEG, PNG, WebP, GIF or AVIF photos that open correctly`,
            error: 'Bad Request',
          },
        });
      }
      const doc = await t.http
        .post(`/api/listing/upload-ownership/${l._id}`)
        .set(auth(broker.token))
        .attach('documents', broken.truncatedPng, 'scan.png')
        .expect(400);
      expect(doc.body.message).toBe("'scan.png' could not be read (the image is damaged or incomplete); upload a PDF or an image that opens correctly");
      const read = await t.http.get(`/api/listing/get/${l._id}`).expect(200);
      expect(read.body.images).toHaveLength(0);
      expect(tempFiles(t)).toEqual([]);
      expect(openTempFiles(t)).toEqual([]);
    });
  });
});
