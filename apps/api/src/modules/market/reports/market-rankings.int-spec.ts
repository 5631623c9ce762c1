import { and, asc, eq, inArray } from 'drizzle-orm';
import { NEARBY_CATEGORIES, OSM_SOURCE } from '@app/domain';
import { places, pointsOfInterest } from '@app/db';
import { eventsSettled } from '../../../../test/events';
import { auth, createUser, startTestApp, verifiedIdentity, type TestApp } from '../../../../test/test-app';
import { loadBundledPoi } from '../../nearby/bundled-poi';
import { PoiDensityService } from '../../nearby/poi-density.service';
import { MarketListingsService } from '../listing-figures/market-listings.service';
import { MarketRankingsService } from './market-rankings.service';

type Member = Awaited<ReturnType<typeof createUser>>;

const LEGAZPI_CITY = '0500506000';
/** Naga City (Camarines Sur): region V like Legazpi, no points of interest imported around it. */
const NAGA_CITY = '0501724000';

/** Great-circle distance in metres (haversine, the IUGG mean radius), written here apart from the SQL. */
function metres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const r = (x: number) => (x * Math.PI) / 180;
  const h = Math.sin(r(b.lat - a.lat) / 2) ** 2 + Math.cos(r(a.lat)) * Math.cos(r(b.lat)) * Math.sin(r(b.lng - a.lng) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The ranking caches of MarketRankingsService (similar barangays, opportunity scores) and the amenities
 * feature of similar barangays, on the shipped Legazpi City points of interest. Fixture: condominiums
 * for sale in four Legazpi barangays and one of Naga City (5 to 6 each: at least the minimum sample),
 * one more Legazpi barangay with 2 (below it).
 */
describe('market rankings: caches keyed by the figures, amenities from the points of interest', () => {
  let t: TestApp;
  let owner: Member;
  let admin: Member;
  let rankings: MarketRankingsService;
  let market: MarketListingsService;
  let legazpi: { code: string; name: string; lat: number; lng: number }[];
  let naga: string;
  /** The expected amenity count of each Legazpi barangay (computed in this file from every point of interest). */
  const expected = new Map<string, number>();
  const listingsIn = new Map<string, string[]>();

  const create = async (barangay: string, price: number, floorSize: number, offer: 'sale' | 'rent' = 'sale') => {
    const id = (
      await t.http
        .post('/api/listing/create')
        .set(auth(owner.token))
        .send({ name: 'Ranking fixture', type: 'residential', kind: 'condominium', offer, price, floorSize, location: { lat: 13.14, lng: 123.74 }, address: { barangayCode: barangay } })
        .expect(201)
    ).body._id as string;
    listingsIn.set(barangay, [...(listingsIn.get(barangay) ?? []), id]);
    return id;
  };
  const update = (id: string, body: Record<string, unknown>) =>
    t.http.put('/api/listing/update').set(auth(owner.token)).send({ _id: id, owner: owner.user._id, ...body }).expect(200);
  const similarRoute = async (code: string) => (await t.http.get(`/api/bi/areas/similar/${code}`).set(auth(admin.token)).expect(200)).body;
  const opportunitiesRoute = async (within: string) => (await t.http.get('/api/bi/investment/opportunities').query({ within }).set(auth(admin.token)).expect(200)).body;

  beforeAll(async () => {
    t = await startTestApp();
    rankings = t.app.get(MarketRankingsService);
    market = t.app.get(MarketListingsService);
    await loadBundledPoi(t.db);
    owner = await createUser(t, { type: 'broker', ...verifiedIdentity() });
    admin = await createUser(t, { role: 'admin' });

    // every place of the ten nearby categories, each OSM feature once
    const pois = await t.db
      .select({ type: pointsOfInterest.osmType, id: pointsOfInterest.osmId, lat: pointsOfInterest.lat, lng: pointsOfInterest.lng })
      .from(pointsOfInterest)
      .where(inArray(pointsOfInterest.category, [...NEARBY_CATEGORIES]));
    const features = [...new Map(pois.map((p) => [`${p.type}/${p.id}`, p])).values()];
    const brgys = await t.db
      .select({ code: places.code, name: places.name, lat: places.lat, lng: places.lng })
      .from(places)
      .where(and(eq(places.level, 'barangay'), eq(places.cityCode, LEGAZPI_CITY)))
      .orderBy(asc(places.code));
    const withCentre = brgys.filter((b): b is { code: string; name: string; lat: number; lng: number } => b.lat !== null && b.lng !== null);
    for (const b of withCentre) expected.set(b.code, features.filter((p) => metres(b, p) <= 1000).length);
    // two of the busiest barangays, two of the quietest (a spread the z-score can use) and one more below the sample
    const byCount = [...withCentre].sort((a, b) => expected.get(b.code)! - expected.get(a.code)! || a.code.localeCompare(b.code));
    legazpi = [byCount[0], byCount[1], byCount[byCount.length - 2], byCount[byCount.length - 1], byCount[5]];
    [{ code: naga }] = await t.db.select({ code: places.code }).from(places).where(and(eq(places.level, 'barangay'), eq(places.cityCode, NAGA_CITY))).orderBy(asc(places.code)).limit(1);

    // price per m²: 100k, 80k, 60k, 40k in the four Legazpi barangays, 90k in Naga
    const perSqm = [100_000, 80_000, 60_000, 40_000];
    for (const [i, b] of legazpi.slice(0, 4).entries()) for (const size of [30, 40, 50, 60, 70]) await create(b.code, perSqm[i] * size, size);
    for (const size of [30, 40, 50, 60, 70]) await create(naga, 90_000 * size, size);
    for (const size of [30, 40]) await create(legazpi[4].code, 70_000 * size, size);
    // rents in the first barangay (a gross yield for the opportunity score)
    for (const rent of [20_000, 22_000, 25_000, 28_000, 30_000]) await create(legazpi[0].code, rent, 40, 'rent');
    await eventsSettled(t.app);
    await market.refreshNow();
  }, 180_000);
  afterAll(() => t.close());

  it('counts the places of the ten nearby categories within 1 km of each centroid, many centroids in one query; null where none were imported', async () => {
    // the fixture is meaningful: busy and quiet barangays
    expect(expected.get(legazpi[0].code)!).toBeGreaterThan(20);
    expect(expected.get(legazpi[3].code)!).toBeLessThan(expected.get(legazpi[0].code)!);
    const all = await t.db.select({ code: places.code, lat: places.lat, lng: places.lng }).from(places).where(and(eq(places.level, 'barangay'), eq(places.cityCode, LEGAZPI_CITY)));
    const counts = await t.app.get(PoiDensityService).countsAround(all);
    expect(Object.fromEntries([...counts].filter(([code]) => expected.has(code)))).toEqual(Object.fromEntries(expected));
    const far = await t.app.get(PoiDensityService).countsAround([{ code: naga, lat: 13.62, lng: 123.19 }, { code: 'nowhere', lat: null, lng: null }]);
    expect(Object.fromEntries(far)).toEqual({ [naga]: null, nowhere: null });
  });

  it('similar barangays use the amenity count where both have it, with the OpenStreetMap source and method', async () => {
    const target = legazpi[0].code;
    const body = await similarRoute(target);
    expect(body.features.amenityCount).toBe(expected.get(target));
    expect(body.sources).toContain(OSM_SOURCE);
    expect(body.method).toMatch(/within 1 km of the barangay's centroid, from OpenStreetMap \(© OpenStreetMap contributors\)/);
    expect(body.method).toMatch(/Legazpi City only/);
    const byCode = new Map((body.items as { area: { code: string }; features: Record<string, number | null>; featuresUsed: string[] }[]).map((i) => [i.area.code, i]));
    // the three other Legazpi barangays with the sample, and Naga; not the one below the sample
    expect([...byCode.keys()].sort()).toEqual([legazpi[1].code, legazpi[2].code, legazpi[3].code, naga].sort());
    for (const b of legazpi.slice(1, 4)) {
      expect(byCode.get(b.code)!.features.amenityCount).toBe(expected.get(b.code));
      expect(byCode.get(b.code)!.featuresUsed).toEqual(expect.arrayContaining(['pricePerSqm', 'amenityCount']));
    }
    expect(byCode.get(naga)!.features.amenityCount).toBeNull();
    expect(byCode.get(naga)!.featuresUsed).not.toContain('amenityCount');
    expect(byCode.get(naga)!.featuresUsed).toContain('pricePerSqm');
  });

  it('serves the cached answer, equal to one computed afresh; concurrent misses share one computation', async () => {
    rankings.clearCaches();
    const before = rankings.cacheStats();
    const answers = await Promise.all([legazpi[0], legazpi[1], legazpi[2], legazpi[0], legazpi[3]].map((b) => similarRoute(b.code)));
    const mid = rankings.cacheStats();
    // one region, offer and kind: one table computed for the five requests
    expect(mid.similarBuilds - before.similarBuilds).toBe(1);
    expect(mid.similarHits - before.similarHits).toBe(4);
    for (const [i, b] of [legazpi[0], legazpi[1], legazpi[2], legazpi[0], legazpi[3]].entries()) {
      expect(answers[i]).toEqual(JSON.parse(JSON.stringify(await rankings.similar(b.code, {}, 5, { cached: false }))));
    }
    // a barangay below the sample (not a candidate itself) is answered from the same table
    const outside = await similarRoute(legazpi[4].code);
    expect(rankings.cacheStats().similarBuilds).toBe(mid.similarBuilds);
    expect(outside.features.amenityCount).toBe(expected.get(legazpi[4].code));
    expect(outside).toEqual(JSON.parse(JSON.stringify(await rankings.similar(legazpi[4].code, {}, 5, { cached: false }))));

    const o1 = await Promise.all([opportunitiesRoute(LEGAZPI_CITY), opportunitiesRoute(legazpi[1].code), opportunitiesRoute(LEGAZPI_CITY)]);
    const after = rankings.cacheStats();
    expect(after.opportunityBuilds - mid.opportunityBuilds).toBe(1);
    expect(o1[1]).toEqual(o1[0]);
    expect(o1[0]).toEqual(JSON.parse(JSON.stringify(await rankings.scoredOpportunities(LEGAZPI_CITY, 'all', 20, { cached: false }))));
    expect(o1[0].considered).toBe(4);
    expect(o1[0].items.find((i: { area: { code: string } }) => i.area.code === legazpi[0].code).grossYieldPct).not.toBeNull();
  });

  it('a listing change and the refresh that follows make the next answer new (the cache is keyed by the figures)', async () => {
    const b = legazpi[3];
    const similarBefore = await similarRoute(legazpi[0].code);
    const oppBefore = await opportunitiesRoute(LEGAZPI_CITY);
    const priceOf = (body: { items: { area: { code: string }; medianPricePerSqm?: number | null; features?: { pricePerSqm: number | null } }[] }) =>
      body.items.find((i) => i.area.code === b.code);
    expect(priceOf(similarBefore)!.features!.pricePerSqm).toBe(40_000);
    expect(priceOf(oppBefore)!.medianPricePerSqm).toBe(40_000);
    const builds = rankings.cacheStats();

    // the 40k barangay's five listings (30-70 m²): three of them to 50,000 per m² → median 50,000
    const ids = listingsIn.get(b.code)!;
    for (const [i, size] of [[0, 30], [1, 40], [2, 50]] as const) await update(ids[i], { price: 50_000 * size });
    await eventsSettled(t.app);
    await market.refreshNow();

    const similarAfter = await similarRoute(legazpi[0].code);
    const oppAfter = await opportunitiesRoute(LEGAZPI_CITY);
    expect(priceOf(similarAfter)!.features!.pricePerSqm).toBe(50_000);
    expect(priceOf(oppAfter)!.medianPricePerSqm).toBe(50_000);
    expect(rankings.cacheStats().similarBuilds).toBe(builds.similarBuilds + 1);
    expect(rankings.cacheStats().opportunityBuilds).toBe(builds.opportunityBuilds + 1);
    expect(similarAfter).toEqual(JSON.parse(JSON.stringify(await rankings.similar(legazpi[0].code, {}, 5, { cached: false }))));
    expect(oppAfter).toEqual(JSON.parse(JSON.stringify(await rankings.scoredOpportunities(LEGAZPI_CITY, 'all', 20, { cached: false }))));

    // nothing changed since: the next answers come from the cache
    await similarRoute(legazpi[1].code);
    await opportunitiesRoute(LEGAZPI_CITY);
    expect(rankings.cacheStats().similarBuilds).toBe(builds.similarBuilds + 1);
    expect(rankings.cacheStats().opportunityBuilds).toBe(builds.opportunityBuilds + 1);
  });
});
