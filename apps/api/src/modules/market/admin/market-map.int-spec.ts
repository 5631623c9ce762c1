import { and, asc, eq, gte, inArray, like, lte } from 'drizzle-orm';
import { places, pointsOfInterest } from '@app/db';
import { MARKET_MIN_SAMPLE, OSM_SOURCE } from '@app/domain';
import { eventsSettled } from '../../../../test/events';
import { auth, createUser, startTestApp, verifiedIdentity, type TestApp } from '../../../../test/test-app';
import { loadBundledPoi } from '../../nearby/bundled-poi';
import { MarketListingsService } from '../listing-figures/market-listings.service';
import { AMENITY_CATEGORIES, AMENITY_CATEGORY_RULES } from './amenity-categories';
import { haversineKm } from './geo';
import { ncrBoundaries } from './market-map.service';

const MAKATI = '1380300000';
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

interface Amenities {
  barangay: { code: string; lat: number; lng: number; cityCode: string };
  radiusKm: number;
  poiCoverage: string;
  poiAttribution: string;
  categories: { category: string; available: boolean; total: number; nearest: { id: string; name: string | null; lat: number; lng: number; distanceKm: number }[]; source: string | null; note: string | null }[];
  notes: string[];
}

describe('market map data: amenities by legend category and the Metro Manila choropleth (HTTP, real PostgreSQL)', () => {
  let t: TestApp;
  let legazpiBrgy: { code: string; lat: number; lng: number };

  beforeAll(async () => {
    t = await startTestApp();
    await loadBundledPoi(t.db);
    // the Legazpi barangay with the most restaurants within 1 km (the city centre)
    const rows = await t.db.select().from(places).where(and(eq(places.level, 'barangay'), like(places.code, '0500506%'))).orderBy(asc(places.code));
    const restaurants = await t.db.select().from(pointsOfInterest).where(eq(pointsOfInterest.category, 'restaurants'));
    const scored = rows
      .filter((r) => r.lat !== null)
      .map((r) => ({ code: r.code, lat: r.lat!, lng: r.lng!, n: restaurants.filter((p) => haversineKm({ lat: r.lat!, lng: r.lng! }, p) < 1).length }))
      .sort((a, b) => b.n - a.n);
    expect(scored[0].n).toBeGreaterThan(0);
    legazpiBrgy = scored[0];
  });
  afterAll(() => t?.close());

  it("a Legazpi City barangay: the legend's categories in order, counts and the nearest points with true distances, sources", async () => {
    const res = await t.http.get(`/api/bi/amenities/${legazpiBrgy.code}?radiusKm=1.5`).expect(200);
    const body = res.body as Amenities;
    expect(body.barangay).toMatchObject({ code: legazpiBrgy.code, lat: legazpiBrgy.lat, lng: legazpiBrgy.lng, cityCode: '0500506000' });
    expect(body.radiusKm).toBe(1.5);
    expect(body.poiCoverage).toBe('imported');
    expect(body.poiAttribution).toBe(OSM_SOURCE);
    expect(body.categories.map((c) => c.category)).toEqual([...AMENITY_CATEGORIES]);
    const byCat = new Map(body.categories.map((c) => [c.category, c]));

    for (const cat of ['mall', 'residential', 'school', 'transport', 'restaurant'] as const) {
      const group = byCat.get(cat)!;
      expect(group).toMatchObject({ available: true, source: OSM_SOURCE });
      const osm = AMENITY_CATEGORY_RULES[cat].osmCategories;
      // the count is every point of the category in the square, counted here from the table
      const dLat = 1.5 / 111.32;
      const inSquare = await t.db
        .select({ id: pointsOfInterest.id })
        .from(pointsOfInterest)
        .where(
          and(
            inArray(pointsOfInterest.category, [...osm]),
            gte(pointsOfInterest.lat, legazpiBrgy.lat - dLat),
            lte(pointsOfInterest.lat, legazpiBrgy.lat + dLat),
            gte(pointsOfInterest.lng, legazpiBrgy.lng - dLat),
            lte(pointsOfInterest.lng, legazpiBrgy.lng + dLat),
          ),
        );
      expect(group.total).toBe(inSquare.length);
      expect(group.nearest.length).toBe(Math.min(10, inSquare.length));
      const ids = new Set(inSquare.map((r) => r.id));
      for (const p of group.nearest) {
        expect(ids.has(p.id)).toBe(true);
        expect(p.distanceKm).toBeCloseTo(haversineKm(legazpiBrgy, p), 1);
      }
      const d = group.nearest.map((p) => p.distanceKm);
      expect([...d].sort((a, b) => a - b)).toEqual(d);
    }
    expect(byCat.get('restaurant')!.total).toBeGreaterThan(0);

    // neighbouring barangays: centroids of the same city within the radius, nearest first, not itself
    const brgys = byCat.get('barangay')!;
    expect(brgys.available).toBe(true);
    expect(brgys.nearest.map((b) => b.id)).not.toContain(legazpiBrgy.code);
    expect(brgys.nearest.every((b) => b.id.startsWith('0500506') && b.distanceKm <= 1.5)).toBe(true);
    expect(brgys.total).toBeGreaterThan(0);

    // residential areas and transport hubs: the importer's map layers, with a note on what a point stands for
    for (const cat of ['residential', 'transport'] as const) {
      expect(byCat.get(cat)).toMatchObject({ available: true, source: OSM_SOURCE, note: AMENITY_CATEGORY_RULES[cat].pointNote });
    }
  });

  it('transport hubs and residential areas around a Legazpi barangay: the places counted by hand in the PBF', async () => {
    /*
     * Expected values from /work/shared/data/poi/legazpi-city-2025-08-14.osm.pbf, counted apart from the
     * importer: a throwaway script (not committed) read the whole PBF into memory with osm-pbf-parser,
     * picked features by the documented tags (stations/terminals; named landuse=residential), placed a way
     * at the mean of its distinct nodes and a multipolygon at the mean of its outer ways' nodes, and kept
     * those within ±1/111.32° (the 1 km square) of the barangay's centroid in barangay-centroids.csv.gz.
     */
    const code = '0500506035';
    const body = (await t.http.get(`/api/bi/amenities/${code}?radiusKm=1`).expect(200)).body as Amenities;
    expect(body.barangay).toMatchObject({ code, lat: 13.14825, lng: 123.74647 });
    const byCat = new Map(body.categories.map((c) => [c.category, c]));
    const transport = byCat.get('transport')!;
    expect(transport).toMatchObject({ available: true, total: 6, source: OSM_SOURCE });
    expect(transport.nearest.map((p) => p.name).sort()).toEqual(
      ['Jeepney Terminal', 'Legazpi', 'Legazpi City Bus Terminal', 'Legazpi Grand Central Terminal', 'Legazpi Jeepney Terminal', 'Legazpi UV Express Terminal'].sort(),
    );
    // nearest first: the jeepney terminal shed (way 551324239) 0.50 km away; the railway station "Legazpi" the farthest, 0.74 km
    expect(transport.nearest.map((p) => [p.name, p.distanceKm])).toEqual([
      ['Legazpi Jeepney Terminal', 0.5],
      ['Legazpi City Bus Terminal', 0.53],
      ['Legazpi Grand Central Terminal', 0.54],
      ['Legazpi UV Express Terminal', 0.59],
      ['Jeepney Terminal', 0.59],
      ['Legazpi', 0.74],
    ]);
    const residential = byCat.get('residential')!;
    expect(residential).toMatchObject({ available: true, total: 5, source: OSM_SOURCE });
    expect(residential.nearest.map((p) => p.name).sort()).toEqual(
      ['Central City Subdivision', 'Imperial Court Subdivision', 'Jamora Subdivision', 'St. Vincent Subdivision', 'Vel-Amor Subdivision'].sort(),
    );
    for (const p of [...transport.nearest, ...residential.nearest]) expect(p.distanceKm).toBeCloseTo(haversineKm(body.barangay, p), 1);
  });

  it('a Makati barangay: no points of interest imported there, and the answer says so', async () => {
    const [b] = await t.db.select().from(places).where(and(eq(places.level, 'barangay'), like(places.code, '1380300%'))).limit(1);
    const body = (await t.http.get(`/api/bi/amenities/${b.code}`).expect(200)).body as Amenities;
    expect(body.radiusKm).toBe(2);
    expect(body.poiCoverage).toBe('none');
    expect(body.notes.join(' ')).toMatch(/covers Legazpi City .* only/);
    const mall = body.categories.find((c) => c.category === 'mall')!;
    expect(mall).toMatchObject({ total: 0, nearest: [], note: 'No points of interest were imported for this area.' });
  });

  it.each([
    ['/api/bi/amenities/12', "must be a 10-digit PSGC code"],
    ['/api/bi/amenities/0500506000', 'not a barangay'],
    ['/api/bi/amenities/9999999999', "Unknown barangayCode '9999999999'"],
    ['/api/bi/amenities/0500506001?radiusKm=50', 'radiusKm must be a number above 0 and at most 20'],
    ['/api/bi/amenities/0500506001?radiusKm=abc', 'radiusKm must be a number of km'],
    ['/api/bi/map/barangays?city=0500506000', 'is not a city or municipality of Metro Manila'],
    ['/api/bi/map/barangays?metric=price', 'metric must be one of: median_price_per_sqm, active_count'],
    ['/api/bi/map/barangays?offer=lease', 'offer must be sale or rent'],
    ['/api/bi/map/barangays?kind=castle', 'kind must be all or one of'],
  ])('GET %s is a 400 saying "%s"', async (url, message) => {
    const res = await t.http.get(url).expect(400);
    expect(JSON.stringify(res.body.message)).toContain(message);
  });

  it('the choropleth: a Makati barangay with listings gets its median price per m² and count after a refresh; others no data', async () => {
    const owner = await createUser(t, { ...verifiedIdentity() });
    const boundaries = await ncrBoundaries();
    const makati = boundaries.filter((f) => f.properties.adm4_psgc.startsWith('1380300'));
    expect(makati.length).toBeGreaterThan(10);
    // a Makati barangay of the boundary file that is a current barangay
    const codes = makati.map((f) => f.properties.adm4_psgc);
    const current = await t.db.select().from(places).where(and(inArray(places.code, codes), eq(places.level, 'barangay')));
    const target = current.find((p) => p.lat !== null)!;
    const priced = [
      { price: 9_000_000, floorSize: 60 },
      { price: 12_500_000, floorSize: 80 },
      { price: 7_200_000, floorSize: 40 },
      { price: 20_000_000, floorSize: 100 },
      { price: 15_000_000, floorSize: 75 },
      { price: 6_000_000, floorSize: 33 },
    ];
    for (const [i, p] of priced.entries()) {
      await t.http
        .post('/api/listing/create')
        .set(auth(owner.token))
        .send({
          name: `Makati condo ${i}`,
          type: 'residential',
          kind: 'condominium',
          offer: 'sale',
          price: p.price,
          floorSize: p.floorSize,
          location: { lat: target.lat, lng: target.lng },
          address: { barangayCode: target.code },
        })
        .expect(201);
    }
    await eventsSettled(t.app);
    await t.app.get(MarketListingsService).refreshNow();

    const res = await t.http.get(`/api/bi/map/barangays?city=${MAKATI}`).expect(200);
    expect(res.body).toMatchObject({ type: 'FeatureCollection', metric: 'median_price_per_sqm', offer: 'sale', kind: 'all', unit: 'php_per_sqm', granularity: 'barangay', minSample: MARKET_MIN_SAMPLE });
    expect(res.body.features).toHaveLength(makati.length);
    const f = res.body.features.find((x: { properties: { code: string } }) => x.properties.code === target.code);
    const expected = median(priced.map((p) => p.price / p.floorSize));
    expect(f.properties).toMatchObject({ currentCode: target.code, cityCode: MAKATI, sample: priced.length });
    expect(f.properties.value).toBeCloseTo(expected, 0);
    expect(f.geometry.type).toMatch(/Polygon/);
    expect(res.body.period).toMatch(/^listings as of \d{4}-\d{2}-\d{2}$/);
    const others = res.body.features.filter((x: { properties: { code: string } }) => x.properties.code !== target.code);
    expect(others.every((x: { properties: { value: number | null } }) => x.properties.value === null)).toBe(true);
    expect(res.body.notes.join(' ')).toMatch(/City of Manila/);

    const counts = await t.http.get(`/api/bi/map/barangays?city=${MAKATI}&metric=active_count&kind=condominium`).expect(200);
    const fc = counts.body.features.find((x: { properties: { code: string } }) => x.properties.code === target.code);
    expect(fc.properties).toMatchObject({ value: priced.length, sample: priced.length });
    expect(counts.body.max).toBe(priced.length);

    const ncr = await t.http.get('/api/bi/map/barangays').expect(200);
    expect(ncr.body.features).toHaveLength(boundaries.length);
    expect(ncr.body.cityCode).toBeNull();
  });
});
