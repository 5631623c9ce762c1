import { count, eq, inArray, like, sql } from 'drizzle-orm';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NEARBY_CATEGORIES } from '@app/domain';
import { appState, listings, openDatabase, pointsOfInterest } from '@app/db';
import { clearRedisPrefix, createTestDatabase, startApiProcess, type ApiProcess } from '../../../test/api-process';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { BUNDLED_POI_DIR, BUNDLED_POI_FILES, bundledPoiMarker, loadBundledPoi } from './bundled-poi';
import { MAP_LAYER_CATEGORIES, POI_CATEGORIES } from './osm-categories';
import { exportPoiFile, importPoiFile, PoiImportError } from './osm-poi-importer';

/*
 * "Areas nearby" on a fresh start (issue 10, item 3): `npm start` (the built server with DB_MIGRATE and
 * SEED_DEMO on, as scripts/start.mjs runs it) loads the shipped Legazpi City extract and seeds demo
 * listings in Legazpi, whose nearby answer has real, named places; a Metro Manila listing's answer says
 * that no points of interest were imported there instead of ten empty categories.
 */

const LEGAZPI_CITY = '0500506000';
const MAKATI_CITY = '1380300000';

interface NearbyAnswer {
  listings: unknown[];
  areasNearby: { category: string; total: number; items: { _id: string; name: string | null; distanceMeters: number }[] }[];
  poiCoverage: string;
  poiAttribution: string | null;
}

describe('points of interest at start: the shipped Legazpi City extract and the demo listings there', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let api: ApiProcess | undefined;
  let dir: string;
  const prefix = `poi_start_${process.pid}`;

  const env = () => ({
    NODE_ENV: 'test',
    ROLE: 'api',
    DATABASE_URL: database.url,
    DB_MIGRATE: 'true',
    SEED_DEMO: 'true',
    REDIS_PREFIX: prefix,
    JWT_SECRET: 'x'.repeat(40),
    STORAGE_DIR: path.join(dir, 'uploads'),
    MAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
    WEB_DIST: dir,
  });

  const withDb = async <T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> => {
    const handle = await openDatabase({ url: database.url, poolSize: 1 });
    try {
      return await fn(handle.db);
    } finally {
      await handle.close();
    }
  };
  const poiCount = () => withDb(async (db) => Number((await db.select({ n: count() }).from(pointsOfInterest))[0].n));
  const listingIdsIn = (cityCode: string) =>
    withDb(async (db) => (await db.select({ id: listings.id }).from(listings).where(eq(listings.cityCode, cityCode))).map((r) => r.id));
  const nearby = async (listingId: string): Promise<NearbyAnswer> => {
    const res = await fetch(`${api!.base}/api/listing/search/nearby`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ listingId }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as NearbyAnswer;
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'tahanan-poi-start-'));
    database = await createTestDatabase();
    api = await startApiProcess(env(), 240_000);
  }, 300_000);
  afterAll(async () => {
    await api?.stop();
    await database?.drop();
    await clearRedisPrefix(prefix);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('loads the shipped extract: places in several categories, each row with an OSM id and a location', async () => {
    expect(await poiCount()).toBeGreaterThan(300);
    const byCategory = await withDb((db) =>
      db
        .select({ category: pointsOfInterest.category, n: count(), named: sql<number>`count(${pointsOfInterest.name})::int` })
        .from(pointsOfInterest)
        .groupBy(pointsOfInterest.category),
    );
    const counts = Object.fromEntries(byCategory.map((r) => [r.category, Number(r.n)]));
    for (const category of ['restaurants', 'schools', 'hospitals', 'gas stations', 'hotels', 'government buildings', 'banks', 'malls', 'firestations']) {
      expect([category, counts[category] ?? 0]).toEqual([category, expect.any(Number)]);
      expect(counts[category]).toBeGreaterThan(0);
    }
    for (const category of Object.keys(counts)) expect(POI_CATEGORIES).toContain(category);
    // the market map's layers are loaded too (counted in the PBF by hand: 9 stations and terminals, 19 named residential areas)
    expect({ transport: counts['transport hubs'], residential: counts['residential areas'] }).toEqual({ transport: 9, residential: 19 });
    // every place lies in or around Legazpi City
    const [box] = await withDb((db) =>
      db
        .select({ minLat: sql<number>`min(lat)`, maxLat: sql<number>`max(lat)`, minLng: sql<number>`min(lng)`, maxLng: sql<number>`max(lng)` })
        .from(pointsOfInterest),
    );
    expect(box.minLat).toBeGreaterThan(12.9);
    expect(box.maxLat).toBeLessThan(13.4);
    expect(box.minLng).toBeGreaterThan(123.5);
    // east to 124.12: a ferry terminal (node 5322818946) on Rapu-Rapu island across Albay Gulf, inside the extract's clip
    expect(box.maxLng).toBeLessThan(124.2);
  });

  it("a demo listing in Legazpi City has real, named places nearby and coverage 'imported' with the ODbL attribution", async () => {
    const ids = await listingIdsIn(LEGAZPI_CITY);
    expect(ids.length).toBeGreaterThanOrEqual(4);
    for (const id of ids) {
      const answer = await nearby(id);
      expect(answer.poiCoverage).toBe('imported');
      expect(answer.poiAttribution).toBe('© OpenStreetMap contributors');
      // the spec's ten categories, never the map's layers (transport hubs, residential areas)
      expect(answer.areasNearby.map((a) => a.category)).toEqual([...NEARBY_CATEGORIES]);
      const named = answer.areasNearby.flatMap((a) => a.items.filter((i) => i.name));
      expect(named.length).toBeGreaterThan(5);
      for (const item of named) expect(item.distanceMeters).toBeLessThan(3200);
    }
    // the city centre listings see places of most categories, e.g. restaurants, schools and banks
    const answers = await Promise.all(ids.map(nearby));
    // the count is of every place in the box, not only the ten listed: the city centre has more than ten restaurants
    const restaurants = answers.map((a) => a.areasNearby.find((g) => g.category === 'restaurants')!);
    for (const r of restaurants) expect(r.total).toBeGreaterThanOrEqual(r.items.length);
    expect(restaurants.some((r) => r.items.length === 10 && r.total > 10)).toBe(true);
    const categoriesSeen = new Set(answers.flatMap((a) => a.areasNearby.filter((g) => g.items.length).map((g) => g.category)));
    for (const category of ['restaurants', 'schools', 'banks', 'hospitals', 'hotels']) expect(categoriesSeen).toContain(category);
  });

  it("a Metro Manila listing (no places imported there) says coverage 'none', not ten empty categories of real data", async () => {
    const [id] = await listingIdsIn(MAKATI_CITY);
    expect(id).toBeDefined();
    const answer = await nearby(id);
    expect(answer.poiCoverage).toBe('none');
    expect(answer.poiAttribution).toBeNull();
    expect(answer.areasNearby.every((a) => a.items.length === 0)).toBe(true);
  });

  it('a second start loads nothing twice: the same places and the same Legazpi listings', async () => {
    const before = { pois: await poiCount(), legazpi: (await listingIdsIn(LEGAZPI_CITY)).sort() };
    await api!.stop();
    api = await startApiProcess(env(), 120_000);
    expect({ pois: await poiCount(), legazpi: (await listingIdsIn(LEGAZPI_CITY)).sort() }).toEqual(before);
  }, 180_000);
});

describe('the shipped extract file', () => {
  const shipped = path.join(BUNDLED_POI_DIR, 'legazpi-city-2025-08-14.poi.ndjson');
  const sharedPbf = path.resolve(__dirname, '..', '..', '..', '..', '..', '..', 'shared', 'data', 'poi', 'legazpi-city-2025-08-14.osm.pbf');
  let t: TestApp;
  const poiCount = async () => Number((await t.db.select({ n: count() }).from(pointsOfInterest))[0].n);

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('carries the ODbL attribution and the source date in its header line', () => {
    expect(BUNDLED_POI_FILES).toContain('legazpi-city-2025-08-14.poi.ndjson');
    const header = JSON.parse(readFileSync(shipped, 'utf8').split('\n', 1)[0]);
    expect(header).toMatchObject({ format: 'tahanan-poi-ndjson', attribution: '© OpenStreetMap contributors', license: expect.stringMatching(/ODbL/), dataDate: '2025-08-14' });
  });

  it('loads through the importer once per database; loading again adds nothing, re-importing the file only updates', async () => {
    const [first] = await loadBundledPoi(t.db);
    expect(first.file).toBe('legazpi-city-2025-08-14.poi.ndjson');
    expect(first.result.format).toBe('poi-ndjson');
    expect(first.result.inserted).toBeGreaterThan(300);
    const header = JSON.parse(readFileSync(shipped, 'utf8').split('\n', 1)[0]);
    expect(first.result.features).toBe(header.features);
    expect(first.result.byCategory).toEqual(header.byCategory);
    const rows = await poiCount();
    expect(rows).toBe(first.result.rows);

    // twice at once (two processes starting on one database) and again later: nothing more
    expect(await Promise.all([loadBundledPoi(t.db), loadBundledPoi(t.db)])).toEqual([[], []]);
    expect(await poiCount()).toBe(rows);

    // the same file through the import CLI's path: every row updated in place, none new
    const again = await importPoiFile(t.db, shipped);
    expect({ inserted: again.inserted, updated: again.updated }).toEqual({ inserted: 0, updated: rows });
    expect(await poiCount()).toBe(rows);
  });

  it('a database that loaded an earlier version of the file (same name, other content) loads it again, in place', async () => {
    expect(await loadBundledPoi(t.db)).toEqual([]);
    const marker = await bundledPoiMarker('legazpi-city-2025-08-14.poi.ndjson');
    expect(marker).toMatch(/^poi-extract:legazpi-city-2025-08-14\.poi\.ndjson@[0-9a-f]{16}$/);
    // as a database looked before the map layers were added: the old marker (by name only), no layer rows
    const rows = await poiCount();
    const layerRows = (await t.db.delete(pointsOfInterest).where(inArray(pointsOfInterest.category, [...MAP_LAYER_CATEGORIES])).returning()).length;
    expect(layerRows).toBe(28);
    await t.db.delete(appState).where(like(appState.key, 'poi-extract:%'));
    await t.db.insert(appState).values({ key: 'poi-extract:legazpi-city-2025-08-14.poi.ndjson', value: { at: '2026-01-01T00:00:00.000Z' } });
    const [again] = await loadBundledPoi(t.db);
    expect({ inserted: again.result.inserted, updated: again.result.updated }).toEqual({ inserted: 28, updated: rows - 28 });
    expect(await poiCount()).toBe(rows);
    expect(await loadBundledPoi(t.db)).toEqual([]);
  });

  it('refuses a damaged compact file and writes nothing', async () => {
    const before = await poiCount();
    const lines = readFileSync(shipped, 'utf8').split('\n');
    const bad = path.join(t.dir, 'bad.poi.ndjson');
    writeFileSync(bad, [...lines.slice(0, 50), '{"type":"node","id":1,"categories":["cinemas"],"name":"X","lat":13.1,"lng":123.7}', ...lines.slice(50)].join('\n'));
    await expect(importPoiFile(t.db, bad)).rejects.toThrow(PoiImportError);
    await expect(importPoiFile(t.db, bad)).rejects.toThrow(/line 51: expected/);
    expect(await poiCount()).toBe(before);
  });

  (existsSync(sharedPbf) ? it : it.skip)('is what the exporter derives from the Legazpi City PBF in ../shared/data/poi/ (byte for byte)', async () => {
    const out = path.join(t.dir, 'rederived.poi.ndjson');
    const header = JSON.parse(readFileSync(shipped, 'utf8').split('\n', 1)[0]);
    await exportPoiFile(sharedPbf, out, { source: header.source, dataDate: header.dataDate });
    expect(readFileSync(out, 'utf8') === readFileSync(shipped, 'utf8')).toBe(true);
  });
});
