import { BadRequestException, Global, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { count, sql } from 'drizzle-orm';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { NEARBY_CATEGORIES, type NearbyCategory } from '@app/domain';
import { pointsOfInterest } from '@app/db';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { DB } from '../../common/db/database.module';
import { NearbyModule } from './nearby.module';
import { EARTH_RADIUS_M, NearbyRepository } from './nearby.repository';
import { NearbyService, type NearbyPlacesGroup } from './nearby.service';
import { importPoiFile, PoiImportError } from './osm-poi-importer';
import { POI_CATEGORIES, type PoiCategory } from './osm-categories';

const FIXTURES = path.join(__dirname, 'fixtures');
const PBF = path.join(FIXTURES, 'makati.osm.pbf');
const OVERPASS = path.join(FIXTURES, 'bgc.overpass.json');
/** Near Greenbelt, Makati; BGC is about 2.6 km east, outside the default 0.02° box. */
const MAKATI = { lat: 14.5547, lng: 121.0244 };

const zeroCounts = () => Object.fromEntries(POI_CATEGORIES.map((c) => [c, 0])) as Record<PoiCategory, number>;
const rad = (deg: number) => (deg * Math.PI) / 180;
const haversine = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
  2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2));
const names = (groups: NearbyPlacesGroup[]) => Object.fromEntries(groups.map((g) => [g.category, g.items.map((i) => i.name)]));

describe('points of interest: OSM import and the nearby query (PostgreSQL)', () => {
  let t: TestApp;
  let service: NearbyService;
  let repository: NearbyRepository;
  let dir: string;

  const rowCount = async () => (await t.db.select({ n: count() }).from(pointsOfInterest))[0].n;
  const row = async (osmType: 'node' | 'way' | 'relation', osmId: number) =>
    t.db.select().from(pointsOfInterest).where(sql`${pointsOfInterest.osmType} = ${osmType} and ${pointsOfInterest.osmId} = ${osmId}`);

  beforeAll(async () => {
    t = await startTestApp();
    dir = t.dir;
    // the module is not in AppModule yet: wire it with the test database as the app's global DB would
    @Global()
    @Module({ providers: [{ provide: DB, useValue: t.db }], exports: [DB] })
    class TestDbModule {}
    const moduleRef = await Test.createTestingModule({ imports: [TestDbModule, NearbyModule] }).compile();
    service = moduleRef.get(NearbyService);
    repository = new NearbyRepository(t.db);
  });
  afterAll(() => t.close());

  describe('a file that cannot be imported is refused and writes nothing', () => {
    const write = (name: string, content: string | Buffer) => {
      const file = path.join(dir, name);
      writeFileSync(file, content);
      return file;
    };

    it.each([
      ['plain text', () => write('notes.osm.pbf', 'hello, these are not map data\n'), /neither an OpenStreetMap PBF extract .* nor Overpass API JSON/],
      ['an empty file', () => write('empty.json', ''), /is empty/],
      ['a missing file', () => path.join(dir, 'nope.osm.pbf'), /No file at/],
      ['a folder', () => dir, /is a folder/],
      ['OSM XML', () => path.join(FIXTURES, 'makati.osm'), /looks like OSM XML.*osmium cat/],
      ['broken JSON', () => write('broken.json', '{"elements": [{"type": "node",'), /not valid JSON/],
      ['JSON that is not Overpass output', () => write('geo.json', '{"type": "FeatureCollection", "features": []}'), /no "elements" array/],
      [
        'an Overpass answer cut short by a timeout',
        () => write('partial.json', JSON.stringify({ elements: JSON.parse(readFileSync(OVERPASS, 'utf8')).elements, remark: 'runtime error: Query timed out in "query" at line 3 after 26 seconds.' })),
        /incomplete Overpass answer .*timed out/,
      ],
      ['a PBF cut off in the middle of its ways', () => write('cut.osm.pbf', readFileSync(PBF).subarray(0, 1100)), /truncated/],
      [
        'a PBF with a damaged data block',
        () => {
          const bytes = Buffer.from(readFileSync(PBF));
          bytes.fill(0x55, 130, 200); // inside the zlib data of the nodes block
          return write('damaged.osm.pbf', bytes);
        },
        /PBF file is damaged/,
      ],
      [
        'a PBF announcing an impossible block length',
        () => {
          const bytes = Buffer.from(readFileSync(PBF));
          bytes.writeUInt32BE(0x7fffffff, 102); // the length prefix of the first data blob
          return write('huge.osm.pbf', bytes);
        },
        /announces a block of 2147483647 bytes/,
      ],
    ])('%s', async (_label, makeFile, message) => {
      // batches of one row, so that anything read before the error is written in the transaction (and rolled back)
      const attempt = importPoiFile(t.db, makeFile(), { batchSize: 1 });
      await expect(attempt).rejects.toThrow(PoiImportError);
      await expect(attempt).rejects.toThrow(message);
      expect(await rowCount()).toBe(0);
    });

    it('rolls back the rows already written when the database refuses one halfway', async () => {
      const elements = [
        { type: 'node', id: 1, lat: 14.55, lon: 121.02, tags: { amenity: 'bank', name: 'Fine Bank' } },
        { type: 'node', id: 2, lat: 14.55, lon: 121.03, tags: { amenity: 'bank', name: 'Bad\u0000Bank' } }, // PostgreSQL text cannot hold NUL
      ];
      const file = write('nul.json', JSON.stringify({ elements }));
      await expect(importPoiFile(t.db, file, { batchSize: 1 })).rejects.toThrow(/Failed query:[\s\S]*insert into "points_of_interest"/);
      expect(await rowCount()).toBe(0);
    });
  });

  describe('import', () => {
    it('imports the PBF extract: nodes, ways at the centre of their nodes, a multipolygon, counts per category', async () => {
      const copy = path.join(dir, 'extract.bin'); // recognised by content, not by name
      copyFileSync(PBF, copy);
      const result = await importPoiFile(t.db, copy);
      expect(result).toMatchObject({
        format: 'osm-pbf',
        features: 21,
        rows: 22,
        inserted: 22,
        updated: 0,
        skippedWithoutLocation: 1, // the kindergarten whose nodes are all outside the extract
        passes: 3,
      });
      expect(result.byCategory).toEqual({
        ...zeroCounts(),
        restaurants: 5,
        malls: 3,
        schools: 3,
        hospitals: 3,
        'gas stations': 1,
        hotels: 1,
        'government buildings': 2,
        firestations: 1,
        banks: 1,
        warehouses: 2,
      });
      expect(await rowCount()).toBe(22);

      const [aim] = await row('way', 2020); // closed square: the repeated first node counts once
      expect(aim).toMatchObject({ category: 'schools', name: 'Asian Institute of Management', lat: 14.5558, lng: 121.019 });
      const [clipped] = await row('way', 2021); // node 9999 is not in the extract
      expect(clipped).toMatchObject({ lat: 14.5611, lng: 121.0321 });
      const [glorietta] = await row('relation', 3100);
      expect(glorietta).toMatchObject({ category: 'malls', name: 'Glorietta', lat: 14.5505, lng: 121.024 });
      const [cafe] = await row('node', 1002);
      expect(cafe).toMatchObject({ category: 'restaurants', name: null, lat: 14.556, lng: 121.025, tags: { amenity: 'cafe' } });
      const hotel = await row('node', 1010);
      expect(hotel.map((r) => r.category).sort()).toEqual(['hotels', 'restaurants']);
      for (const [type, id] of [['node', 1071], ['node', 1072], ['node', 1200], ['way', 2022], ['way', 2102], ['way', 2103], ['way', 2200]] as const) {
        expect(await row(type, id)).toEqual([]);
      }
    });

    it('imports the same PBF again without duplicating anything', async () => {
      const before = await t.db.select({ id: pointsOfInterest.id }).from(pointsOfInterest).orderBy(pointsOfInterest.id);
      const result = await importPoiFile(t.db, PBF);
      expect(result).toMatchObject({ rows: 22, inserted: 0, updated: 22 });
      const after = await t.db.select({ id: pointsOfInterest.id }).from(pointsOfInterest).orderBy(pointsOfInterest.id);
      expect(after).toEqual(before);
    });

    it('imports Overpass JSON; a feature already there is updated in place', async () => {
      const result = await importPoiFile(t.db, OVERPASS);
      expect(result).toMatchObject({
        format: 'overpass-json',
        features: 10,
        rows: 10,
        inserted: 9,
        updated: 1,
        skippedWithoutLocation: 1, // a way without "center"
        passes: 1,
      });
      expect(result.byCategory).toEqual({
        ...zeroCounts(),
        restaurants: 2,
        malls: 1,
        schools: 1,
        'gas stations': 1,
        hotels: 1,
        'government buildings': 1,
        firestations: 1,
        banks: 1,
        warehouses: 1,
      });
      expect(await rowCount()).toBe(31);
      const mesa = await row('node', 1001);
      expect(mesa).toHaveLength(1);
      expect(mesa[0]).toMatchObject({ name: 'Mesa Greenbelt 3', tags: { amenity: 'restaurant', name: 'Mesa Greenbelt 3', cuisine: 'filipino' } });
      const [hotel] = await row('relation', 9001);
      expect(hotel).toMatchObject({ category: 'hotels', lat: 14.5535, lng: 121.0505 });
      expect(await row('node', 7007)).toEqual([]); // an ATM
      expect(await row('way', 8004)).toEqual([]);
      expect((await importPoiFile(t.db, OVERPASS)).inserted).toBe(0);
      expect(await rowCount()).toBe(31);
    });
  });

  describe('nearbyPlaces', () => {
    it('answers all ten categories in the spec order, nearest first, only inside the box', async () => {
      const groups = await service.nearbyPlaces(MAKATI);
      expect(groups.map((g) => g.category)).toEqual([...NEARBY_CATEGORIES]);
      expect(names(groups)).toEqual({
        restaurants: [null, 'Makati Shangri-La', 'Mesa Greenbelt 3', 'Jollibee Ayala Avenue'],
        malls: ['Park Square Mall', 'Glorietta', 'Greenbelt 5'],
        schools: ['Asian Institute of Management', 'Makati Elementary School', 'Clipped School'],
        hospitals: ['Ayala Clinic', 'Makati Medical Center'],
        'gas stations': ['Petron Pasong Tamo'],
        hotels: ['Makati Shangri-La'],
        // the police station at 121.044 is inside the box (121.0244 + 0.02), though 2.3 km away
        'government buildings': ['BIR Revenue District Office', 'Makati City Hall', 'Fort Bonifacio Police Station'],
        firestations: ['Makati Central Fire Station'],
        banks: ['BPI Ayala Triangle'],
        warehouses: ['Pasong Tamo Warehouse', null],
      });
      for (const group of groups) {
        for (const [i, item] of group.items.entries()) {
          expect(item).toEqual({ _id: expect.any(String), name: item.name, lat: expect.any(Number), lng: expect.any(Number), distanceMeters: expect.any(Number) });
          expect(Math.abs(item.lat - MAKATI.lat)).toBeLessThanOrEqual(0.02);
          expect(Math.abs(item.lng - MAKATI.lng)).toBeLessThanOrEqual(0.02);
          expect(Math.abs(item.distanceMeters - haversine(MAKATI, item))).toBeLessThanOrEqual(0.5);
          if (i > 0) expect(item.distanceMeters).toBeGreaterThanOrEqual(group.items[i - 1].distanceMeters);
        }
      }
      expect(groups[0].items[0].distanceMeters).toBe(158); // the unnamed café, 158 m away
    });

    it('finds the BGC places around BGC, and nothing of Makati in a small box', async () => {
      const groups = await service.nearbyPlaces({ lat: 14.551, lng: 121.05, halfWidthDeg: 0.005 });
      expect(names(groups)).toMatchObject({
        restaurants: ['Mamou BGC', 'Wildflour BGC'],
        malls: ['SM Aura Premier'],
        hospitals: ["St. Luke's Medical Center Global City"],
        hotels: ['Shangri-La The Fort'],
        banks: ['Metrobank BGC'],
        warehouses: [],
      });
    });

    it('keeps to the asked categories (in the spec order) and the limit per category', async () => {
      const groups = await service.nearbyPlaces({ ...MAKATI, categories: ['banks', 'restaurants', 'banks'], limitPerCategory: 2 });
      expect(names(groups)).toEqual({ restaurants: [null, 'Makati Shangri-La'], banks: ['BPI Ayala Triangle'] });
      expect(groups.map((g) => g.category)).toEqual(['restaurants', 'banks']);
    });

    it('counts every place of a category in the box, beyond the ones listed', async () => {
      const all = await service.nearbyPlaces({ ...MAKATI, categories: ['restaurants'] });
      const few = await service.nearbyPlaces({ ...MAKATI, categories: ['restaurants'], limitPerCategory: 1 });
      expect(all[0].items.length).toBeGreaterThan(1);
      expect(few[0].items).toHaveLength(1);
      expect({ few: few[0].total, all: all[0].total }).toEqual({ few: all[0].items.length, all: all[0].items.length });
    });

    it('answers every category with no items where there is nothing around', async () => {
      const davao = await service.nearbyPlaces({ lat: 7.0731, lng: 125.6128 });
      expect(davao).toEqual(NEARBY_CATEGORIES.map((category) => ({ category, total: 0, items: [] })));
    });

    it('refuses bad input with a message that says what is allowed', async () => {
      const bad = (q: Parameters<NearbyService['nearbyPlaces']>[0]) => service.nearbyPlaces(q);
      await expect(bad({ lat: 91, lng: 121 })).rejects.toThrow(new BadRequestException('lat must be a number from -90 to 90'));
      await expect(bad({ lat: Number.NaN, lng: 121 })).rejects.toThrow(/lat must be/);
      await expect(bad({ lat: 14, lng: -180.5 })).rejects.toThrow(new BadRequestException('lng must be a number from -180 to 180'));
      await expect(bad({ lat: 14, lng: '121' as unknown as number })).rejects.toThrow(/lng must be/);
      await expect(bad({ ...MAKATI, halfWidthDeg: 0 })).rejects.toThrow(/halfWidthDeg must be a number above 0 and at most 0.2/);
      await expect(bad({ ...MAKATI, halfWidthDeg: 5 })).rejects.toThrow(/halfWidthDeg/);
      await expect(bad({ ...MAKATI, limitPerCategory: 0 })).rejects.toThrow(/limitPerCategory must be a whole number from 1 to 50/);
      await expect(bad({ ...MAKATI, limitPerCategory: 2.5 })).rejects.toThrow(/limitPerCategory/);
      const unknown = bad({ ...MAKATI, categories: ['banks', 'parks', 'bank'] as NearbyCategory[] });
      await expect(unknown).rejects.toThrow(BadRequestException);
      await expect(unknown).rejects.toThrow(
        'Unknown nearby categories "parks", "bank"; use any of: restaurants, malls, schools, hospitals, gas stations, hotels, government buildings, firestations, banks, warehouses',
      );
      // the market map's layers are not nearby categories: asking for one is refused like any other
      await expect(bad({ ...MAKATI, categories: ['transport hubs'] as unknown as NearbyCategory[] })).rejects.toThrow('Unknown nearby category "transport hubs"');
    });

    it("keeps the market map's layers (transport hubs, residential areas) out of the nearby answers; placesOf answers them", async () => {
      const file = path.join(dir, 'layers.overpass.json');
      writeFileSync(
        file,
        JSON.stringify({
          elements: [
            { type: 'node', id: 5001, lat: 14.5551, lon: 121.0251, tags: { amenity: 'bus_station', public_transport: 'station', name: 'Ayala Terminal' } },
            { type: 'node', id: 5002, lat: 14.5549, lon: 121.0246, tags: { public_transport: 'stop_position', name: 'Ayala Terminal stop' } },
            { type: 'way', id: 5003, center: { lat: 14.556, lon: 121.026 }, tags: { landuse: 'residential', name: 'Urdaneta Village' } },
            { type: 'way', id: 5004, center: { lat: 14.557, lon: 121.027 }, tags: { landuse: 'residential' } },
            { type: 'node', id: 5005, lat: 14.5552, lon: 121.0252, tags: { amenity: 'bus_station', shop: 'mall', name: 'Mall Bus Port' } },
          ],
        }),
      );
      const before = await service.nearbyPlaces(MAKATI);
      const result = await importPoiFile(t.db, file);
      expect(result).toMatchObject({ features: 3, rows: 4, inserted: 4 });
      expect(result.byCategory).toEqual({ ...zeroCounts(), malls: 1, 'transport hubs': 2, 'residential areas': 1 });
      // the public answer: the ten categories, the new mall in it, no map layer
      const after = await service.nearbyPlaces(MAKATI);
      expect(after.map((g) => g.category)).toEqual([...NEARBY_CATEGORIES]);
      expect(names(after)).toEqual({ ...names(before), malls: ['Mall Bus Port', ...names(before).malls] });
      // the market map's call
      const layers = await service.placesOf({ ...MAKATI, halfWidthDeg: 0.01 }, ['transport hubs', 'residential areas']);
      expect(layers.map((g) => [g.category, g.total, g.items.map((i) => i.name)])).toEqual([
        ['transport hubs', 2, ['Ayala Terminal', 'Mall Bus Port']],
        ['residential areas', 1, ['Urdaneta Village']],
      ]);
      await t.db.delete(pointsOfInterest).where(sql`${pointsOfInterest.osmId} between 5001 and 5005`);
    });

    it('searches the box through the GiST index on point(lng, lat)', async () => {
      const query = repository.inBoxQuery({ ...MAKATI, halfWidthDeg: 0.02, categories: [...NEARBY_CATEGORIES], limitPerCategory: 10 });
      const plan = await t.db.transaction(async (tx) => {
        // with 31 rows a sequential scan is cheaper; forbid it to see whether the index can serve the box test
        await tx.execute(sql`set local enable_seqscan = off`);
        const res = await tx.execute(sql`explain ${query}`);
        return (res as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan).toMatch(/poi_point_idx/);
      expect(plan).toMatch(/<@/);
    });
  });
});
