import { and, asc, eq, sql } from 'drizzle-orm';
import { listings, outbox, places } from '@app/db';
import { eventsSettled } from '../../../../test/events';
import { auth, createUser, startTestApp, verifiedIdentity, type TestApp } from '../../../../test/test-app';
import { EventDispatcher } from '../../../common/events/event-dispatcher';
import { toDomainEvent } from '../../../common/events/events.repository';
import { MarketListingsService } from './market-listings.service';
import { MarketListingsSubscriber } from './market-listings.subscriber';
import { manilaMonthOf } from './market-figures';

type Member = Awaited<ReturnType<typeof createUser>>;

/**
 * The fixture (all through the HTTP API, so the events flow), barangay A and barangay B of one city:
 *
 *   A sale: a1 condo 3,000,000 / 30 m² · a2 condo 4,000,000 / 40 m², cut to 3,600,000 · a3 condo 5,000,000 / 25 m²
 *           a4 house and lot 9,000,000 / floor 90 m², lot 120 m² · a5 lot (land) 6,000,000 / lot 300 m²
 *           a6 condo 8,000,000 / 50 m², listed 40 days ago, sold now · a7 condo USD 100,000 / 40 m² (no peso price)
 *   A rent: r1 condo 20,000 / 30 m² · r2 condo 30,000 / 50 m²
 *   B sale: b1 condo 2,000,000 / 20 m² · b2 house and lot 12,000,000 / floor 150 m², lot 200 m² · b3 condo 7,000,000 / 35 m², removed
 *   Demand: a1 and a3 saved once each; one thread about a1.
 */
describe('market listing figures (events → market lives → refresh → reads)', () => {
  let t: TestApp;
  let owner: Member;
  let buyer: Member;
  let market: MarketListingsService;
  let A: string;
  let B: string;
  let city: string;
  const ids: Record<string, string> = {};

  const create = async (body: Record<string, unknown>, barangay: string) =>
    (
      await t.http
        .post('/api/listing/create')
        .set(auth(owner.token))
        .send({ name: 'Market fixture', location: { lat: 14.55, lng: 121.02 }, address: { barangayCode: barangay }, ...body })
        .expect(201)
    ).body._id as string;
  const update = (id: string, body: Record<string, unknown>) =>
    t.http.put('/api/listing/update').set(auth(owner.token)).send({ _id: id, owner: owner.user._id, ...body }).expect(200);
  const condo = (price: number, floorSize: number, extra: Record<string, unknown> = {}) => ({ type: 'residential', kind: 'condominium', price, floorSize, ...extra });

  beforeAll(async () => {
    t = await startTestApp();
    market = t.app.get(MarketListingsService);
    owner = await createUser(t, { type: 'broker', ...verifiedIdentity() });
    buyer = await createUser(t, { type: 'customer' });
    // two barangays of one city
    const [pair] = await t.db
      .select({ city: places.cityCode, codes: sql<string[]>`(array_agg(${places.code} order by ${places.code}))[1:2]` })
      .from(places)
      .where(and(eq(places.level, 'barangay'), sql`${places.cityCode} is not null`))
      .groupBy(places.cityCode)
      .having(sql`count(*) >= 2`)
      .orderBy(places.cityCode)
      .limit(1);
    city = pair.city!;
    [A, B] = pair.codes;

    ids.a1 = await create(condo(3_000_000, 30), A);
    ids.a2 = await create(condo(4_000_000, 40), A);
    ids.a3 = await create(condo(5_000_000, 25), A);
    ids.a4 = await create({ type: 'residential', kind: 'house_and_lot', price: 9_000_000, floorSize: 90, lotSize: 120 }, A);
    ids.a5 = await create({ type: 'land', kind: 'lot', price: 6_000_000, lotSize: 300 }, A);
    ids.a6 = await create(condo(8_000_000, 50), A);
    ids.a7 = await create(condo(100_000, 40, { currency: 'USD' }), A);
    ids.r1 = await create(condo(20_000, 30, { offer: 'rent' }), A);
    ids.r2 = await create(condo(30_000, 50, { offer: 'rent' }), A);
    ids.b1 = await create(condo(2_000_000, 20), B);
    ids.b2 = await create({ type: 'residential', kind: 'house_and_lot', price: 12_000_000, floorSize: 150, lotSize: 200 }, B);
    ids.b3 = await create(condo(7_000_000, 35), B);
    await eventsSettled(t.app);

    // a6 was listed 40 days ago (its past: the listings table says when it was created), then sold now
    await t.db.update(listings).set({ createdAt: sql`now() - interval '40 days'` }).where(eq(listings.id, ids.a6));
    await update(ids.a6, { status: 'sold' });
    await update(ids.a2, { price: 3_600_000 });
    await t.http.delete(`/api/listing/remove/${ids.b3}`).set(auth(owner.token)).expect(200);
    await t.http.post('/api/listing/save').set(auth(buyer.token)).send({ listingId: ids.a1 }).expect(200);
    await t.http.post('/api/listing/save').set(auth(buyer.token)).send({ listingId: ids.a3 }).expect(200);
    await t.http.post('/api/threads').set(auth(buyer.token)).send({ listingId: ids.a1 }).expect(201);
    await eventsSettled(t.app);
    await market.refreshNow();
  });
  afterAll(() => t.close());

  it('records each listing’s market life from its events', async () => {
    const a6 = (await market.marketLife(ids.a6))!;
    expect(a6.endReason).toBe('sold');
    expect((a6.endedAt!.getTime() - a6.listedAt.getTime()) / 86_400_000).toBeCloseTo(40, 1);
    const a2 = (await market.marketLife(ids.a2))!;
    expect(a2).toMatchObject({ pricePhp: 3_600_000, firstPricePhp: 4_000_000, priceCuts: 1, endedAt: null });
    expect(await market.priceChangesOf(ids.a2)).toEqual([expect.objectContaining({ oldPricePhp: 4_000_000, newPricePhp: 3_600_000 })]);
    expect(await market.marketLife(ids.a1)).toMatchObject({ saves: 1, inquiries: 1 });
    // the USD listing is recorded, without a peso price
    expect(await market.marketLife(ids.a7)).toMatchObject({ pricePhp: null, isPublic: true, endedAt: null });
    // removed: the row outlives the listing, ended 'removed'
    expect(await market.marketLife(ids.b3)).toMatchObject({ endReason: 'removed', isPublic: false });
    expect(await market.dirtyCount()).toBe(0);
  });

  it('computes the barangay figures (sale, all kinds) as by hand', async () => {
    const s = (await market.areaStats(A, 'sale', 'all'))!;
    // active: a1 a2 a3 a4 a5 a7 (a6 sold)
    expect(s.level).toBe('barangay');
    expect(s.activeCount).toBe(6);
    // listed in the last 30 days: a1-a5, a7 (a6 was listed 40 days ago); ended in 90 days: a6
    expect(s.new30d).toBe(6);
    expect(s.ended90d).toBe(1);
    // peso prices of the active ones, sorted: 3.0M 3.6M 5.0M 6.0M 9.0M (a7 in USD is left out)
    expect(s.priceSample).toBe(5);
    expect(s.medianPrice).toBe(5_000_000);
    expect(s.p25Price).toBe(3_600_000);
    expect(s.p75Price).toBe(6_000_000);
    // per m²: a1 100,000 · a2 90,000 · a3 200,000 · a4 100,000 (floor) · a5 20,000 (lot: a lot is priced by its land)
    // sorted 20k 90k 100k 100k 200k
    expect(s.sqmSample).toBe(5);
    expect(s.medianPricePerSqm).toBe(100_000);
    expect(s.p25PricePerSqm).toBe(90_000);
    expect(s.p75PricePerSqm).toBe(100_000);
    // days on market: a6 only, 40 days
    expect(s.domSample).toBe(1);
    expect(s.medianDaysOnMarket).toBeCloseTo(40, 0);
    // one price cut among 6 active: 16.7 %; 2 saves and 1 inquiry over 6
    expect(s.priceCutSharePct).toBe(16.7);
    expect(s.savesPerListing).toBe(0.33);
    expect(s.inquiriesPerListing).toBe(0.17);
    // bands: 1M-5M: 3.0M 3.6M; 5M and up: 5.0M 6.0M 9.0M
    expect(s.priceBandCounts).toEqual([0, 0, 0, 0, 0, 2, 3]);
  });

  it('computes each kind and the rents separately', async () => {
    const condos = (await market.areaStats(A, 'sale', 'condominium'))!;
    // a1 a2 a3 a7 active; prices 3.0M 3.6M 5.0M
    expect(condos).toMatchObject({ activeCount: 4, priceSample: 3, medianPrice: 3_600_000, p25Price: 3_300_000, p75Price: 4_300_000 });
    const lots = (await market.areaStats(A, 'sale', 'lot'))!;
    expect(lots).toMatchObject({ activeCount: 1, medianPricePerSqm: 20_000 });
    const rents = (await market.areaStats(A, 'rent', 'all'))!;
    // 20,000 and 30,000; per m² 666.67 and 600
    expect(rents).toMatchObject({ activeCount: 2, medianPrice: 25_000, medianPricePerSqm: 633.33, sqmSample: 2 });
    expect(await market.areaStats(A, 'rent', 'lot')).toBeNull();
  });

  it('computes the city and the nation from both barangays', async () => {
    const c = (await market.areaStats(city, 'sale', 'all'))!;
    // active: A's 6 + b1 b2 (b3 removed); prices 2.0 3.0 3.6 5.0 6.0 9.0 12.0 (M)
    expect(c.level).toBe('city');
    expect(c).toMatchObject({ activeCount: 8, priceSample: 7, medianPrice: 5_000_000, p25Price: 3_300_000, p75Price: 7_500_000 });
    // per m²: 20k 80k 90k 100k 100k 100k 200k
    expect(c).toMatchObject({ sqmSample: 7, medianPricePerSqm: 100_000, p25PricePerSqm: 85_000, p75PricePerSqm: 100_000 });
    // ended: a6 after 40 days and b3 removed the day it was listed: median 20 days; both within 90 days
    expect(c.domSample).toBe(2);
    expect(c.medianDaysOnMarket).toBeCloseTo(20, 0);
    expect(c.ended90d).toBe(2);
    expect(c.priceBandCounts).toEqual([0, 0, 0, 0, 0, 3, 4]);
    const b = (await market.areaStats(B, 'sale', 'all'))!;
    expect(b).toMatchObject({ activeCount: 2, ended90d: 1, domSample: 1 });
    // this test database has no other listings: the nation is the city
    const ph = (await market.areaStats('PH', 'sale', 'all'))!;
    expect(ph).toMatchObject({ level: 'national', activeCount: 8, medianPrice: 5_000_000, medianPricePerSqm: 100_000 });
    const many = await market.areaStatsMany([city, A, B], 'sale', 'all');
    expect(many.map((m) => m.areaCode)).toEqual([city, A, B]);
  });

  it('keeps the monthly history, empty months included', async () => {
    const months = await market.monthly(A, 'sale', 'all', 24);
    expect(months).toHaveLength(24);
    const now = manilaMonthOf(new Date()).slice(0, 7);
    const listedA6 = manilaMonthOf(new Date(Date.now() - 40 * 86_400_000)).slice(0, 7);
    const current = months[23];
    expect(current.month).toBe(now);
    // new this month: a1-a5, a7; first prices 3.0M 4.0M 5.0M 9.0M 6.0M (a2 before its cut) → median 5.0M
    expect(current).toMatchObject({ newCount: 6, activeCount: 6, endedCount: 1, priceSample: 5, medianPrice: 5_000_000 });
    // ended this month: a6 alone, sold 40 days after it was listed
    expect(current.medianDaysOnMarket).toBeCloseTo(40, 1);
    const a6Month = months.find((m) => m.month === listedA6)!;
    expect(a6Month).toMatchObject({ newCount: 1, activeCount: 1, endedCount: 0, medianPrice: 8_000_000, medianPricePerSqm: 160_000, medianDaysOnMarket: null });
    // before a6: nothing
    expect(months[0]).toMatchObject({ newCount: 0, activeCount: 0, medianPrice: null, priceSample: 0 });
    // an area with no listings: 12 empty months
    const none = await market.monthly('PH-none', 'sale', 'all', 12);
    expect(none).toHaveLength(12);
    expect(none.every((m) => m.newCount === 0 && m.activeCount === 0 && m.medianPrice === null)).toBe(true);
  });

  it('ranks the barangays of the city', async () => {
    const ranked = await market.rankAreas({ level: 'barangay', withinCode: city, offer: 'sale', kind: 'all', metric: 'active_count', minSample: 1 });
    expect(ranked.map((r) => [r.areaCode, r.activeCount])).toEqual([
      [A, 6],
      [B, 2],
    ]);
    // below the minimum sample (5 by default) B is left out
    const enough = await market.rankAreas({ level: 'barangay', withinCode: city, offer: 'sale', kind: 'all', metric: 'median_price_per_sqm' });
    expect(enough.map((r) => r.areaCode)).toEqual([A]);
  });

  it('applies a redelivered event once', async () => {
    const events = (await t.db.select().from(outbox).where(sql`${outbox.data}->>'listingId' = ${ids.a2} or ${outbox.data}->>'listingId' = ${ids.a1}`).orderBy(asc(outbox.seq))).map(
      toDomainEvent,
    );
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['listing.updated', 'listing.saved', 'thread.created']));
    // the queue's redelivery: the dispatcher runs each event once per subscriber
    const dispatcher = t.app.get(EventDispatcher);
    for (const e of events) await dispatcher.dispatch(e);
    // the subscriber itself, given the same events again, doubles nothing of what it reads back from the listing
    const subscriber = t.app.get(MarketListingsSubscriber);
    for (const e of events.filter((e) => e.type !== 'thread.created')) await subscriber.handle(e);
    expect(await market.marketLife(ids.a2)).toMatchObject({ priceCuts: 1, pricePhp: 3_600_000 });
    expect(await market.priceChangesOf(ids.a2)).toHaveLength(1);
    expect(await market.marketLife(ids.a1)).toMatchObject({ saves: 1, inquiries: 1 });
    await market.refreshNow();
    expect(await market.areaStats(A, 'sale', 'all')).toMatchObject({ activeCount: 6, priceCutSharePct: 16.7, savesPerListing: 0.33, inquiriesPerListing: 0.17 });
  });

  it('brings a listing back on the market when it is active again', async () => {
    await update(ids.a6, { status: 'active' });
    await eventsSettled(t.app);
    expect(await market.marketLife(ids.a6)).toMatchObject({ endedAt: null, endReason: null });
    await market.refreshNow();
    expect((await market.areaStats(A, 'sale', 'all'))!.activeCount).toBe(7);
    await update(ids.a6, { status: 'sold' });
    await eventsSettled(t.app);
    await market.refreshNow();
    expect((await market.areaStats(A, 'sale', 'all'))!.activeCount).toBe(6);
  });

  it('backfills listings recorded before the feature, once', async () => {
    // a listing written without events (as before this feature, or by a seed)
    const [row] = await t.db
      .select()
      .from(listings)
      .where(eq(listings.id, ids.b1));
    const { id: _id, code: _code, searchText: _st, searchVector: _sv, ...copy } = row;
    const [quiet] = await t.db.insert(listings).values({ ...copy, code: 'MKT-900001', price: 2_500_000 }).returning({ id: listings.id });
    expect(await market.marketLife(quiet.id)).toBeNull();
    expect(await market.backfill()).toBe(1);
    expect(await market.backfill()).toBe(0);
    expect(await market.marketLife(quiet.id)).toMatchObject({ barangayCode: B, pricePhp: 2_500_000, endedAt: null });
    await market.refreshNow();
    expect((await market.areaStats(B, 'sale', 'all'))!.activeCount).toBe(3);
  });
});
