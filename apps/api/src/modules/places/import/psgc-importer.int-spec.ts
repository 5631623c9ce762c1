import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, places, type Database, type DatabaseHandle } from '@app/db';
import { templateDb, testDbPrefix, urlFor, withAdmin } from '../../../../test/db-admin';
import { rowsOf, WRITE_BATCH, type PlaceRecord } from '../psgc';
import { loadReferencePlaces, referencePlaceRecords } from '../reference-places';
import {
  importCentroids,
  importPsgcWorkbook,
  PlacesImportError,
  readPsgcWorkbook,
  upsertPsgcPlaces,
  type CentroidImportResult,
} from './psgc-importer';
import { xlsx, type XlsxCell } from '../../../../test/xlsx-fixture';

// The official files, read where they are (never copied into the repository).
const DATA = path.resolve(__dirname, '../../../../../../../shared/data');
const PSGC_FILE = path.join(DATA, 'psgc/PSGC-4Q-2025-Publication-Datafile.xlsx');
const CENTROIDS_FILE = path.join(DATA, 'geo/barangay-centroids-2023.json');
const NCR_GEOJSON = path.join(DATA, 'geo/ncr-barangays-2023-lowres.geojson');

const MAKATI = '1380300000';
const MANILA = '1380600000';
const TONDO = '1380601000';
const BEL_AIR = '1380300002';

async function createTestDatabase(): Promise<{ handle: DatabaseHandle; url: string; drop(): Promise<void> }> {
  const name = `${testDbPrefix()}${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.query(`create database "${name}" template "${templateDb()}"`));
  const handle = await openDatabase({ url: urlFor(name), poolSize: 4 });
  return {
    handle,
    url: urlFor(name),
    async drop() {
      await handle.close();
      await withAdmin((admin) => admin.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

const HEADER: XlsxCell[] = ['10-digit PSGC', 'Name', 'Correspondence Code', 'Geographic Level', 'Old names', 'City Class', 'Income Classification', 'Urban / Rural', '2024 Population'];
const NCR_ROWS: XlsxCell[][] = [
  ['1300000000', 'National Capital Region (NCR)', 130000000, 'Reg', null, null, null, null, 14001751],
  ['1380300000', 'City of Makati', 137602000, 'City', null, 'HUC', '1st', null, 309770],
  ['1380300002', 'Bel-Air', 137602003, 'Bgy', null, null, null, 'U', 1],
];

/** Row counts and sums that change if any import writes anything. */
async function fingerprint(db: Database): Promise<string> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select count(*)::int as n, coalesce(sum(population), 0)::bigint as pop, count(lat)::int as located,
        md5(string_agg(code || name || coalesce(city_code, '') || coalesce(lat::text, ''), ',' order by code)) as digest
      from places`),
  );
  return JSON.stringify(row);
}

const distanceKm = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
  Math.hypot((a.lat - b.lat) * 110.574, (a.lng - b.lng) * 111.32 * Math.cos((a.lat * Math.PI) / 180));

describe('PSGC and centroid importers', () => {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Database;
  let tmp: string;
  let reference: Map<string, string>;
  const place = async (code: string) => (await db.select().from(places).where(sql`${places.code} = ${code}`))[0];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = testDb.handle.db;
    tmp = mkdtempSync(path.join(os.tmpdir(), 'places-import-'));
    await db.delete(places);
    await loadReferencePlaces(db);
    const rows = rowsOf<{ code: string; h: string }>(
      await db.execute(sql`select code, concat_ws('|', level, region_code, province_code, city_code) as h from places`),
    );
    reference = new Map(rows.map((r) => [r.code, r.h]));
  }, 60_000);

  afterAll(async () => {
    await testDb?.drop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('upserts every place of the PSA datafile', async () => {
    const result = await importPsgcWorkbook(db, PSGC_FILE);
    console.log(`PSGC import: ${result.upserted} places in ${result.ms} ms (after reading the workbook)`);
    expect(result).toMatchObject({
      upserted: 43_767,
      inserted: 0,
      updated: 43_767,
      skippedRows: 2,
      notInFile: 0,
      byLevel: { region: 18, province: 82, city: 149, municipality: 1493, submunicipality: 14, barangay: 42_011 },
    });
  }, 120_000);

  it('derives the same hierarchy as the bundled reference data', async () => {
    const rows = rowsOf<{ code: string; h: string }>(
      await db.execute(sql`select code, concat_ws('|', level, region_code, province_code, city_code) as h from places`),
    );
    const differences = rows.filter((r) => reference.get(r.code) !== r.h).map((r) => `${r.code}: ${reference.get(r.code)} -> ${r.h}`);
    expect(differences).toEqual([]);
    expect(rows).toHaveLength(reference.size);
  });

  it('fills population, income class, city class and urban/rural: Makati and the City of Manila', async () => {
    expect(await place(MAKATI)).toMatchObject({ name: 'City of Makati', population: 309_770, incomeClass: '1st', cityClass: 'HUC' });
    const makati = await db.select().from(places).where(sql`${places.cityCode} = ${MAKATI} and ${places.level} = 'barangay'`);
    expect(makati).toHaveLength(23);
    expect(makati.every((b) => b.population !== null && b.population > 0 && b.urbanRural === 'urban')).toBe(true);
    expect(makati.reduce((s, b) => s + b.population!, 0)).toBe(309_770);

    expect(await place(MANILA)).toMatchObject({ name: 'City of Manila', population: 1_902_590 });
    expect(await place(TONDO)).toMatchObject({ level: 'submunicipality', population: 637_942, cityCode: MANILA });
    const [manila] = rowsOf<{ n: number; withPopulation: number; total: number }>(
      await db.execute(sql`
        select count(*)::int as n, count(b.population)::int as "withPopulation", sum(b.population)::int as total
        from places b join places s on s.code = b.city_code
        where b.level = 'barangay' and s.city_code = ${MANILA}`),
    );
    expect(manila).toEqual({ n: 897, withPopulation: 897, total: 1_902_590 });
    expect(await place('0102800000')).toMatchObject({ name: 'Ilocos Norte', level: 'province', incomeClass: '1st', cityClass: null });
    expect((await place('0102801001'))?.urbanRural).toMatch(/^(urban|rural)$/);
  });

  let jsonResult: CentroidImportResult;
  it('fills barangay centroids from the JSON file, follows recoded barangays, and derives the places above', async () => {
    jsonResult = await importCentroids(db, CENTROIDS_FILE);
    console.log(`Centroid import (JSON): ${JSON.stringify({ ...jsonResult, derived: undefined })}`);
    expect(jsonResult).toMatchObject({ format: 'json', records: 41_096, withoutGeometry: 0 });
    expect(jsonResult.matched).toBeGreaterThan(39_000);
    expect(jsonResult.recoded).toBeGreaterThan(1_700); // Negros Island Region and Sulu
    expect(jsonResult.unmatched).toBeLessThan(20);
    expect(jsonResult.matched + jsonResult.recoded + jsonResult.unmatched).toBe(41_096);

    expect(await place(BEL_AIR)).toMatchObject({ lat: 14.56169, lng: 121.02839 });
    const [bacolod] = await db.select().from(places).where(sql`${places.cityCode} = '1830200000' and ${places.lat} is not null`).limit(1);
    expect(distanceKm(bacolod as { lat: number; lng: number }, { lat: 10.67, lng: 122.95 })).toBeLessThan(20);

    // Derived: cities, provinces and regions have the mean of their barangays.
    const makati = await place(MAKATI);
    expect(distanceKm(makati as { lat: number; lng: number }, { lat: 14.5547, lng: 121.0244 })).toBeLessThan(3);
    const cebu = await place('0702200000');
    expect(distanceKm(cebu as { lat: number; lng: number }, { lat: 10.32, lng: 123.75 })).toBeLessThan(60);
    const ncr = await place('1300000000');
    expect(distanceKm(ncr as { lat: number; lng: number }, { lat: 14.6, lng: 121.03 })).toBeLessThan(10);
    const [unlocated] = rowsOf<{ levels: string[] | null }>(
      await db.execute(sql`select array_agg(distinct level order by level) as levels from places where level in ('region', 'province', 'municipality') and lat is null`),
    );
    expect(unlocated.levels).toBeNull();
    // Neither file has the City of Manila's barangays.
    expect((await place(MANILA))?.lat).toBeNull();
  }, 120_000);

  it('computes the centroids of the NCR GeoJSON polygons, near Metro Manila and near the published centroids', async () => {
    const before = new Map(
      (await db.select().from(places).where(sql`${places.regionCode} = '1300000000' and ${places.level} = 'barangay' and ${places.lat} is not null`)).map(
        (b) => [b.code, { lat: b.lat!, lng: b.lng! }],
      ),
    );
    const result = await importCentroids(db, NCR_GEOJSON);
    console.log(`Centroid import (GeoJSON): ${JSON.stringify(result)}`);
    expect(result).toMatchObject({ format: 'geojson', records: 804, withoutGeometry: 9, matched: 803, unmatched: 1 });
    const ncr = await db.select().from(places).where(sql`${places.regionCode} = '1300000000' and ${places.level} = 'barangay' and ${places.lat} is not null`);
    expect(ncr.every((b) => b.lat! > 14.35 && b.lat! < 14.8 && b.lng! > 120.9 && b.lng! < 121.15)).toBe(true);
    const distances = ncr.filter((b) => before.has(b.code)).map((b) => distanceKm({ lat: b.lat!, lng: b.lng! }, before.get(b.code)!));
    distances.sort((a, b) => a - b);
    expect(distances.length).toBeGreaterThan(790);
    expect(distances[Math.floor(distances.length / 2)]).toBeLessThan(0.3);
    const belAir = await place(BEL_AIR);
    expect(belAir?.areaKm2).toBeGreaterThan(1);
    expect(belAir?.areaKm2).toBeLessThan(2.5);
  }, 60_000);

  describe('bad input: a clear error naming the file, and nothing written', () => {
    let before: string;
    beforeAll(async () => {
      before = await fingerprint(db);
    });
    afterEach(async () => {
      expect(await fingerprint(db)).toBe(before);
    });
    const file = (name: string, content: string | Buffer) => {
      const p = path.join(tmp, name);
      writeFileSync(p, content);
      return p;
    };
    const failsWith = async (run: Promise<unknown>, message: RegExp | string) => {
      const err = await run.then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(PlacesImportError);
      expect((err as Error).message).toMatch(message);
    };

    it('refuses a missing file or one that is not a workbook', async () => {
      const missing = path.join(tmp, 'nope.xlsx');
      await failsWith(importPsgcWorkbook(db, missing), `${missing}: no such file`);
      await failsWith(importPsgcWorkbook(db, CENTROIDS_FILE), `${CENTROIDS_FILE}: not a readable .xlsx workbook`);
    });

    it('refuses a workbook without the PSGC sheet or its columns', async () => {
      const noSheet = file('no-sheet.xlsx', xlsx({ Summary: [HEADER, ...NCR_ROWS] }));
      await failsWith(importPsgcWorkbook(db, noSheet), `${noSheet}: no sheet named 'PSGC' (sheets: Summary)`);
      const noHeader = file('no-header.xlsx', xlsx({ PSGC: [['Code', 'Place'], ['1300000000', 'NCR']] }));
      await failsWith(
        importPsgcWorkbook(db, noHeader),
        `${noHeader}: sheet 'PSGC' has no header row with the columns '10-digit PSGC', 'Name', 'Geographic Level', 'Population'`,
      );
    });

    it('names the row of a bad code, level, population or an orphan barangay', async () => {
      const cases: [XlsxCell[], string][] = [
        [['13803000X2', 'Bel-Air', null, 'Bgy', null, null, null, 'U', 1], "row 5: '13803000X2' in column '10-digit PSGC' is not a 10-digit PSGC code"],
        [['1380300003', 'Carmona', null, 'Barangay', null, null, null, 'U', 1], "row 5: unknown geographic level 'Barangay'"],
        [['1380300003', 'Carmona', null, 'Bgy', null, null, null, 'U', 'many'], "row 5: population 'many' of Carmona is not a whole number"],
        [['1380300002', 'Bel-Air', null, 'Bgy', null, null, null, 'U', 1], 'row 5: code 1380300002 appears twice'],
        [['1380400001', 'Acacia', null, 'Bgy', null, null, null, 'U', 1], 'row 5: Acacia (1380400001) is a barangay, but its city or municipality 1380400000 is not in the file'],
      ];
      for (const [row, message] of cases) {
        const bad = file('bad-row.xlsx', xlsx({ PSGC: [HEADER, ...NCR_ROWS, row] }));
        await failsWith(importPsgcWorkbook(db, bad), `${bad}: sheet 'PSGC', ${message}`);
      }
      const good = file('tiny.xlsx', xlsx({ PSGC: [HEADER, ...NCR_ROWS] }));
      const parsed = await readPsgcWorkbook(good);
      expect(parsed.records.map((r) => [r.code, r.level, r.cityCode])).toEqual([
        ['1300000000', 'region', null],
        [MAKATI, 'city', null],
        [BEL_AIR, 'barangay', MAKATI],
      ]);
    });

    it('rolls back every batch when a later batch fails', async () => {
      const records: PlaceRecord[] = referencePlaceRecords().slice(0, WRITE_BATCH + 10).map((r) => ({ ...r, population: 1 }));
      records.push({ ...records[0], code: '0000000001', name: null as unknown as string });
      await expect(upsertPsgcPlaces(db, { file: 'broken', records, skippedRows: 0 })).rejects.toThrow();
    });

    it('refuses centroid files that are not JSON, of the wrong shape, with bad values, or matching no place', async () => {
      const notJson = file('c.json', 'psgc,lat,lng\n1380300002,14.5,121');
      await failsWith(importCentroids(db, notJson), `${notJson}: not valid JSON`);
      const wrongShape = file('shape.json', JSON.stringify({ type: 'Feature' }));
      await failsWith(importCentroids(db, wrongShape), `${wrongShape}: expected a JSON array of {psgc, lat, lng, area_km2} or a GeoJSON FeatureCollection`);
      const badLat = file('lat.json', JSON.stringify([{ psgc: BEL_AIR, lat: 14.5, lng: 121 }, { psgc: MAKATI, lat: '14', lng: 121 }]));
      await failsWith(importCentroids(db, badLat), `${badLat}: item 1 (${MAKATI}): lat must be a number from -90 to 90`);
      const badCode = file('code.json', JSON.stringify([{ psgc: 'Bel-Air', lat: 14.5, lng: 121 }]));
      await failsWith(importCentroids(db, badCode), `${badCode}: item 0: psgc 'Bel-Air' is not a 10-digit PSGC code`);
      const badGeometry = file('geo.geojson', JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { adm4_psgc: BEL_AIR }, geometry: { type: 'Polygon', coordinates: [[[121, 'x']]] } }] }));
      await failsWith(importCentroids(db, badGeometry), `${badGeometry}: feature 0 (${BEL_AIR}): Polygon coordinates are not [lng, lat] number pairs`);
      const unknown = file('unknown.json', JSON.stringify([{ psgc: '9999999999', lat: 14.5, lng: 121 }]));
      await failsWith(importCentroids(db, unknown), `${unknown}: none of its 1 codes is a known place`);
    });

    const cli = (args: string[]) =>
      promisify(execFile)(process.execPath, [require.resolve('tsx/cli'), path.join(__dirname, '../../../import-places.ts'), ...args], {
        cwd: path.resolve(__dirname, '../../../..'),
        env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: testDb.url, DB_MIGRATE: 'false', LOG_LEVEL: 'silent' },
      }).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
      );

    it('CLI: exits non-zero with the file and the problem, writing nothing', async () => {
      const usage = await cli([]);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('Give --psgc and/or --centroids.');
      const badLat = file('cli-bad.json', JSON.stringify([{ psgc: BEL_AIR, lat: 200, lng: 121 }]));
      const bad = await cli(['--psgc', PSGC_FILE, '--centroids', badLat]);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain(`Import failed, nothing written: ${badLat}: item 0 (${BEL_AIR}): lat must be a number from -90 to 90`);
    }, 60_000);
  });

  it('CLI: imports the given files in one run', async () => {
    const run = await promisify(execFile)(
      process.execPath,
      [require.resolve('tsx/cli'), path.join(__dirname, '../../../import-places.ts'), '--psgc', PSGC_FILE, '--centroids', NCR_GEOJSON],
      { env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: testDb.url, DB_MIGRATE: 'false' } },
    );
    expect(run.stdout).toContain('43767 places upserted (0 new, 43767 updated');
    expect(run.stdout).toContain('804 centroids, 803 matched');
  }, 60_000);
});
