import { places, type PlaceRow } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';
import { auth, createUser, startTestApp, type TestApp } from '../../../test/test-app';

/**
 * Issue 10 item 5: buy / rent, the property kind inside the spec's type, parking slots and the
 * furnishing, on the listing and in its search (filters and facets), with tags kept in step.
 */
describe('listing offer, kind, parking and furnishing (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let broker: { token: string; user: { _id: string } };
  let barangay: PlaceRow;

  beforeAll(async () => {
    t = await startTestApp();
    broker = await createUser(t, { type: 'broker' });
    [barangay] = await t.db.select().from(places).where(and(eq(places.level, 'barangay'))).limit(1);
  });
  afterAll(() => t.close());

  const body = (over: Record<string, unknown> = {}) => ({
    name: 'Two-bedroom condo near Ayala Triangle',
    type: 'residential',
    price: 45_000,
    bedrooms: 2,
    bathrooms: 1,
    location: { lat: 14.5565, lng: 121.0233 },
    address: { barangayCode: barangay.code },
    ...over,
  });
  const create = (over: Record<string, unknown> = {}) => t.http.post('/api/listing/create').set(auth(broker.token)).send(body(over));
  const update = (id: string, over: Record<string, unknown>) =>
    t.http.put('/api/listing/update').set(auth(broker.token)).send({ _id: id, owner: broker.user._id, ...over });
  const search = (match: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    t.http.post('/api/listing/search').send({ match, limit: 100, ...extra });
  const ids = async (match: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    ((await search(match, extra).expect(200)).body.listings as { _id: string }[]).map((l) => l._id).sort();

  it('creates a listing with offer, kind, parking slots and furnishing, and keeps the tags in step', async () => {
    const res = await create({ offer: 'rent', kind: 'condominium', parkingSlots: 1, furnishing: 'furnished', tags: ['pet friendly'] }).expect(201);
    expect(res.body).toMatchObject({ offer: 'rent', kind: 'condominium', parkingSlots: 1, furnishing: 'furnished', bedrooms: 2, bathrooms: 1 });
    expect([...res.body.tags].sort()).toEqual(['for rent', 'furnished', 'pet friendly']);
    const read = await t.http.get(`/api/listing/get/${res.body._id}`).expect(200);
    expect(read.body).toMatchObject({ offer: 'rent', kind: 'condominium', parkingSlots: 1, furnishing: 'furnished' });
  });

  it('defaults to sale, and reads the offer and furnishing from the tags of an old client', async () => {
    const plain = await create({ name: 'Lot in the hills', type: 'land', bedrooms: null, bathrooms: null }).expect(201);
    expect(plain.body).toMatchObject({ offer: 'sale', kind: null, parkingSlots: null, furnishing: null });
    expect(plain.body.tags).toEqual(['for sale']);
    const old = await create({ tags: ['for rent', 'unfurnished'] }).expect(201);
    expect(old.body).toMatchObject({ offer: 'rent', furnishing: 'unfurnished' });
  });

  it('updates the new fields, moving the tags with them; semi-furnished carries neither furnishing tag', async () => {
    const { body: l } = await create({ offer: 'sale', kind: 'house_and_lot', furnishing: 'unfurnished' }).expect(201);
    const res = await update(l._id, { offer: 'rent', kind: 'townhouse', parkingSlots: 2, furnishing: 'semi_furnished' }).expect(200);
    expect(res.body).toMatchObject({ offer: 'rent', kind: 'townhouse', parkingSlots: 2, furnishing: 'semi_furnished' });
    expect(res.body.tags).toEqual(['for rent']);
    // an old client sending only tags
    const back = await update(l._id, { tags: ['for sale', 'furnished'] }).expect(200);
    expect(back.body).toMatchObject({ offer: 'sale', furnishing: 'furnished' });
    // a new type whose kinds do not include the listing's kind clears nothing silently: 400
    const clash = await update(l._id, { type: 'commercial' }).expect(400);
    expect(clash.body.message).toMatch(/kind/);
    const moved = await update(l._id, { type: 'commercial', kind: 'office' }).expect(200);
    expect(moved.body).toMatchObject({ type: 'commercial', kind: 'office' });
    const cleared = await update(l._id, { kind: null, parkingSlots: null, furnishing: null }).expect(200);
    expect(cleared.body).toMatchObject({ kind: null, parkingSlots: null, furnishing: null });
  });

  it.each([
    [{ offer: 'lease' }, /offer must be one of: sale, rent/],
    [{ kind: 'castle' }, /kind must be one of: condominium/],
    [{ kind: 'warehouse' }, /kind warehouse belongs to type industrial, not residential/],
    [{ parkingSlots: -1 }, /parkingSlots/],
    [{ parkingSlots: 1.5 }, /parkingSlots/],
    [{ furnishing: 'yes' }, /furnishing must be one of: furnished, semi_furnished, unfurnished/],
  ])('refuses a bad value on create and update: %j', async (over, message) => {
    const created = await create(over).expect(400);
    expect(created.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(JSON.stringify(created.body.message)).toMatch(message);
    const { body: l } = await create().expect(201);
    const updated = await update(l._id, over).expect(400);
    expect(JSON.stringify(updated.body.message)).toMatch(message);
  });

  describe('search and facets', () => {
    let condoRent2: string;
    let condoRent3: string;
    let condoRent1: string;
    let condoSale2: string;
    let houseRent4: string;
    let office: string;
    beforeAll(async () => {
      await t.db.execute(sql`truncate listings cascade`);
      const make = async (over: Record<string, unknown>) => (await create(over).expect(201)).body._id as string;
      condoRent2 = await make({ offer: 'rent', kind: 'condominium', bedrooms: 2, bathrooms: 2, parkingSlots: 1, furnishing: 'furnished' });
      condoRent3 = await make({ offer: 'rent', kind: 'condominium', bedrooms: 3, bathrooms: 1, parkingSlots: 0, furnishing: 'semi_furnished' });
      condoRent1 = await make({ offer: 'rent', kind: 'condominium', bedrooms: 1, bathrooms: 1, parkingSlots: 2, furnishing: 'unfurnished' });
      condoSale2 = await make({ offer: 'sale', kind: 'condominium', bedrooms: 2, bathrooms: 2, parkingSlots: 1, furnishing: 'furnished' });
      houseRent4 = await make({ offer: 'rent', kind: 'house_and_lot', bedrooms: 4, bathrooms: 3, parkingSlots: 2, furnishing: 'unfurnished' });
      office = await make({ offer: 'rent', type: 'commercial', kind: 'office', bedrooms: null, bathrooms: 1, parkingSlots: 5 });
    });

    it('filters by offer, kind, furnishing and "at least N" bedrooms, bathrooms and parking', async () => {
      expect(await ids({ offer: 'rent' })).toEqual([condoRent2, condoRent3, condoRent1, houseRent4, office].sort());
      expect(await ids({ offer: ['sale'] })).toEqual([condoSale2]);
      expect(await ids({ offer: 'rent', kind: ['condominium'], bedrooms: { min: 2 } })).toEqual([condoRent2, condoRent3].sort());
      expect(await ids({ kind: ['house_and_lot', 'office'] })).toEqual([houseRent4, office].sort());
      expect(await ids({ bathrooms: { min: 2 } })).toEqual([condoRent2, condoSale2, houseRent4].sort());
      expect(await ids({ parkingSlots: { min: 2 } })).toEqual([condoRent1, houseRent4, office].sort());
      expect(await ids({ furnishing: ['furnished', 'semi_furnished'] })).toEqual([condoRent2, condoRent3, condoSale2].sort());
    });

    it('combines them with a text search and a city (the full-text token form of the total)', async () => {
      const res = await search({ offer: 'rent', kind: ['condominium'], city: [barangay.cityCode], bedrooms: { min: 2 } }, { fuzzySearch: 'ayala' }).expect(200);
      expect(res.body.listings.map((l: { _id: string }) => l._id).sort()).toEqual([condoRent2, condoRent3].sort());
      expect(res.body.pagination.totalItems).toBe(2);
      const sale = await search({ offer: 'sale', kind: ['condominium'] }, { fuzzySearch: 'ayala' }).expect(200);
      expect(sale.body.pagination.totalItems).toBe(1);
    });

    it('answers 400 naming the field for a bad filter value', async () => {
      expect((await search({ offer: 'lease' }).expect(400)).body.message).toBe('match.offer values must be among: sale, rent');
      expect((await search({ kind: ['castle'] }).expect(400)).body.message).toMatch(/^match.kind values must be among: condominium/);
      expect((await search({ furnishing: ['yes'] }).expect(400)).body.message).toMatch(/^match.furnishing values must be among/);
      expect((await search({ bedrooms: { min: -1 } }).expect(400)).body.message).toBe('match.bedrooms.min must be a number of at least 0');
      expect((await search({ parkingSlots: 'many' }).expect(400)).body.message).toBe('match.parkingSlots must be an object {min, max}');
    });

    it('counts the offers, kinds and furnishings in the facets', async () => {
      const res = await t.http.post('/api/listing/filter').send({ match: { offer: 'rent' } }).expect(200);
      expect(res.body.offers).toEqual([{ value: 'rent', count: 5 }]);
      expect(res.body.kinds).toEqual(
        expect.arrayContaining([{ value: 'condominium', count: 3 }, { value: 'house_and_lot', count: 1 }, { value: 'office', count: 1 }]),
      );
      expect(res.body.furnishings).toEqual(expect.arrayContaining([{ value: 'unfurnished', count: 2 }, { value: 'furnished', count: 1 }]));
      const all = await t.http.post('/api/listing/filter').send({}).expect(200);
      expect(all.body.offers).toEqual(expect.arrayContaining([{ value: 'rent', count: 5 }, { value: 'sale', count: 1 }]));
    });
  });
});
