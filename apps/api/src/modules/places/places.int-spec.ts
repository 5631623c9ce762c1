import { Global, Module, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { sql } from 'drizzle-orm';
import { openDatabase, places, type Database, type DatabaseHandle } from '@app/db';
import { IS_PUBLIC_KEY } from '../../common/auth/decorators';
import { loadConfig } from '../../common/config/config';
import { DB } from '../../common/db/database.module';
import { configureHttpApp } from '../../http-app';
import { buildOpenApiDocument } from '../../openapi/openapi';
import { templateDb, testDbPrefix, urlFor, withAdmin } from '../../../test/db-admin';
import type { PlaceDto } from './dto/place.dto';
import { PlacesController } from './places.controller';
import { PlacesModule } from './places.module';
import { PlacesRepository } from './places.repository';
import { PlacesService } from './places.service';
import { rowsOf } from './psgc';
import { loadReferencePlaces } from './reference-places';

/** A fresh database cloned from the migrated template (which may or may not hold the reference places). */
async function createTestDatabase(): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  const name = `${testDbPrefix()}${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.query(`create database "${name}" template "${templateDb()}"`));
  const handle = await openDatabase({ url: urlFor(name), poolSize: 4 });
  return {
    handle,
    async drop() {
      await handle.close();
      await withAdmin((admin) => admin.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

const MAKATI = '1380300000';
const MANILA = '1380600000';
const TONDO = '1380601000';
const NCR = '1300000000';
const CEBU_PROVINCE = '0702200000';
const CEBU_CITY = '0730600000';
const BEL_AIR = '1380300002'; // a barangay of Makati

describe('places', () => {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Database;
  let app: INestApplication;
  let http: TestAgent;
  let service: PlacesService;
  let loaded: number;
  let loadMs: number;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = testDb.handle.db;
    await db.delete(places);
    const started = Date.now();
    loaded = await loadReferencePlaces(db);
    loadMs = Date.now() - started;
    console.log(`loadReferencePlaces: ${loaded} places in ${loadMs} ms`);

    @Global()
    @Module({ providers: [{ provide: DB, useValue: db }], exports: [DB] })
    class TestDbModule {}
    const moduleRef = await Test.createTestingModule({ imports: [TestDbModule, PlacesModule] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    configureHttpApp(app, loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), { docs: false, spa: false });
    await app.init();
    http = request(app.getHttpServer());
    service = app.get(PlacesService);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });

  describe('loadReferencePlaces', () => {
    it('loads the whole PSGC quickly, once', async () => {
      expect(loaded).toBe(43_767);
      expect(loadMs).toBeLessThan(10_000);
      expect(await loadReferencePlaces(db)).toBe(0);
      const counts = rowsOf<{ level: string; n: number }>(
        await db.execute(sql`select level, count(*)::int as n from places group by level`),
      );
      expect(Object.fromEntries(counts.map((c) => [c.level, c.n]))).toEqual({
        region: 18,
        province: 82,
        city: 149,
        municipality: 1493,
        submunicipality: 14,
        barangay: 42_011,
      });
    });

    it('links every barangay to its region and city, and its province where it has one', async () => {
      const [broken] = rowsOf<{ n: number }>(
        await db.execute(sql`
          select count(*)::int as n from places b
          left join places c on c.code = b.city_code
          left join places r on r.code = b.region_code
          left join places p on p.code = b.province_code
          where b.level = 'barangay' and (
            c.level not in ('city', 'municipality', 'submunicipality') or c.level is null
            or r.level is distinct from 'region'
            or (b.province_code is not null and p.level is distinct from 'province')
            or b.province_code is distinct from c.province_code
            or b.region_code is distinct from c.region_code)`),
      );
      expect(broken.n).toBe(0);
      // Only Metro Manila, the City of Isabela and the BARMM Special Geographic Area are outside provinces.
      const noProvince = rowsOf<{ block: string }>(
        await db.execute(sql`
          select distinct case when region_code = '1300000000' then region_code else substr(city_code, 1, 5) end as block
          from places where level = 'barangay' and province_code is null order by 1`),
      ).map((r) => r.block);
      expect(noProvince).toEqual(['09901', NCR, '19999']);
      const [citiesWithoutRegion] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from places where level <> 'region' and region_code is null`),
      );
      expect(citiesWithoutRegion.n).toBe(0);
    });

    it('puts Manila’s barangays under its 14 sub-municipalities, and independent cities under their province', async () => {
      const manila = await service.getPlace(MANILA);
      expect(manila).toMatchObject({ level: 'city', regionCode: NCR, provinceCode: null, cityCode: null });
      const tondo = await service.getPlace(TONDO);
      expect(tondo).toMatchObject({ level: 'submunicipality', cityCode: MANILA, regionCode: NCR, provinceCode: null });
      const cebu = await service.getPlace(CEBU_CITY);
      expect(cebu).toMatchObject({ level: 'city', provinceCode: CEBU_PROVINCE, regionCode: '0700000000' });
    });
  });

  describe('HTTP routes', () => {
    it('lists the 18 regions by name', async () => {
      const res = await http.get('/api/places/regions').expect(200);
      const regions = res.body as PlaceDto[];
      expect(regions).toHaveLength(18);
      expect(regions.map((r) => r.name)).toEqual([...regions.map((r) => r.name)].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })));
      expect(regions.find((r) => r.code === NCR)).toEqual({
        code: NCR,
        name: 'National Capital Region (NCR)',
        level: 'region',
        regionCode: null,
        provinceCode: null,
        cityCode: null,
        population: null,
        lat: null,
        lng: null,
        areaKm2: null,
      });
    });

    it('lists provinces, of one region or all', async () => {
      const central = (await http.get('/api/places/provinces').query({ regionCode: '0700000000' }).expect(200)).body as PlaceDto[];
      expect(central.map((p) => p.name)).toEqual(['Bohol', 'Cebu']);
      expect((await http.get('/api/places/provinces').query({ regionCode: NCR }).expect(200)).body).toEqual([]);
      expect((await http.get('/api/places/provinces').expect(200)).body).toHaveLength(82);
    });

    it('lists the cities and municipalities of a region or province, and the sub-municipalities of a city', async () => {
      const ncr = (await http.get('/api/places/cities').query({ regionCode: NCR }).expect(200)).body as PlaceDto[];
      expect(ncr).toHaveLength(17);
      expect(ncr.filter((c) => c.level === 'municipality').map((c) => c.name)).toEqual(['Pateros']);
      expect(ncr.map((c) => c.code)).toContain(MAKATI);

      const cebu = (await http.get('/api/places/cities').query({ provinceCode: CEBU_PROVINCE }).expect(200)).body as PlaceDto[];
      expect(cebu.map((c) => c.code)).toEqual(expect.arrayContaining([CEBU_CITY, '0731100000', '0731300000']));
      expect(cebu.every((c) => c.provinceCode === CEBU_PROVINCE)).toBe(true);

      const subs = (await http.get('/api/places/cities').query({ cityCode: MANILA }).expect(200)).body as PlaceDto[];
      expect(subs).toHaveLength(14);
      expect(subs.every((s) => s.level === 'submunicipality' && s.cityCode === MANILA)).toBe(true);
      expect((await http.get('/api/places/cities').query({ cityCode: MAKATI }).expect(200)).body).toEqual([]);

      const none = await http.get('/api/places/cities').expect(400);
      expect(none.body.message).toMatch(/provinceCode or regionCode/);
      const wrongRegion = await http.get('/api/places/cities').query({ regionCode: '0100000000', provinceCode: CEBU_PROVINCE }).expect(400);
      expect(wrongRegion.body.message).toBe(`provinceCode '${CEBU_PROVINCE}' (Cebu) is not in regionCode '0100000000'`);
    });

    it('lists barangays in natural name order; Manila’s through its sub-municipalities', async () => {
      const makati = (await http.get('/api/places/barangays').query({ cityCode: MAKATI }).expect(200)).body as PlaceDto[];
      expect(makati).toHaveLength(23);
      expect(makati.every((b) => b.level === 'barangay' && b.cityCode === MAKATI && b.regionCode === NCR && b.provinceCode === null)).toBe(true);
      expect(makati.map((b) => b.name)).toContain('Bel-Air');

      const caloocan = ((await http.get('/api/places/barangays').query({ cityCode: '1380100000' }).expect(200)).body as PlaceDto[]).map(
        (b) => b.name,
      );
      expect(caloocan.indexOf('Barangay 2')).toBeLessThan(caloocan.indexOf('Barangay 10'));
      expect(caloocan.indexOf('Barangay 10')).toBeLessThan(caloocan.indexOf('Barangay 100'));

      const manila = (await http.get('/api/places/barangays').query({ cityCode: MANILA }).expect(200)).body as PlaceDto[];
      expect(manila).toHaveLength(897);
      const tondo = (await http.get('/api/places/barangays').query({ cityCode: TONDO }).expect(200)).body as PlaceDto[];
      expect(tondo.length).toBeGreaterThan(200);
      expect(tondo.every((b) => b.cityCode === TONDO)).toBe(true);
    });

    it('answers one place by code', async () => {
      const res = await http.get(`/api/places/${MAKATI}`).expect(200);
      expect(res.body).toMatchObject({ code: MAKATI, level: 'city', regionCode: NCR, provinceCode: null });
    });

    it('answers 404 for an unknown code and 400 for a malformed or misplaced one', async () => {
      const unknown = await http.get('/api/places/9999999999').expect(404);
      expect(unknown.body.message).toBe("No place has the PSGC code '9999999999'");
      const malformed = await http.get('/api/places/13803').expect(400);
      expect(malformed.body.message).toBe('code must be a 10-digit PSGC code, e.g. 1380300000');

      const badQuery = await http.get('/api/places/barangays').query({ cityCode: '12ab' }).expect(400);
      expect(badQuery.body.message).toEqual(['cityCode must be a 10-digit PSGC code, e.g. 1380300000']);
      const missing = await http.get('/api/places/barangays').expect(400);
      expect(missing.body.message).toContain('cityCode is required');
      const unknownCity = await http.get('/api/places/barangays').query({ cityCode: '1389900000' }).expect(404);
      expect(unknownCity.body.message).toBe("Unknown cityCode '1389900000': no place has this PSGC code");
      const regionAsCity = await http.get('/api/places/barangays').query({ cityCode: NCR }).expect(400);
      expect(regionAsCity.body.message).toBe(
        `cityCode '${NCR}' is a region (National Capital Region (NCR)), not a city or a municipality or a sub-municipality`,
      );
      await http.get('/api/places/provinces').query({ regionCode: '9900000000' }).expect(404);
      const extra = await http.get('/api/places/provinces').query({ page: '2' }).expect(400);
      expect(extra.body.message).toEqual(['property page should not exist']);
    });

    it('is public, with unique descriptive operation ids', () => {
      for (const method of ['listRegions', 'listProvinces', 'listCities', 'listBarangays', 'getPlace'] as const) {
        expect(Reflect.getMetadata(IS_PUBLIC_KEY, PlacesController.prototype[method])).toBe(true);
      }
      const doc = buildOpenApiDocument(app);
      const ops = Object.entries(doc.paths).flatMap(([p, item]) => (item.get ? [[p, item.get.operationId, item.get.security]] : []));
      expect(ops).toEqual(
        expect.arrayContaining([
          ['/api/places/regions', 'listRegions', []],
          ['/api/places/provinces', 'listProvinces', []],
          ['/api/places/cities', 'listCities', []],
          ['/api/places/barangays', 'listBarangays', []],
          ['/api/places/{code}', 'getPlace', []],
        ]),
      );
    });
  });

  describe('resolveAddress', () => {
    it('derives city, province and region from the barangay', async () => {
      await expect(service.resolveAddress({ barangayCode: BEL_AIR })).resolves.toEqual({
        regionCode: NCR,
        regionName: 'National Capital Region (NCR)',
        provinceCode: null,
        provinceName: null,
        cityCode: MAKATI,
        cityName: 'Makati City',
        submunicipalityCode: null,
        submunicipalityName: null,
        barangayCode: BEL_AIR,
        barangayName: 'Bel-Air',
        lat: null,
        lng: null,
      });
      const full = await service.resolveAddress({ regionCode: NCR, provinceCode: null, cityCode: MAKATI, barangayCode: BEL_AIR });
      expect(full.cityCode).toBe(MAKATI);
    });

    it('places a Cebu City barangay in the province of Cebu', async () => {
      const [lahug] = await new PlacesRepository(db).list({ levels: ['barangay'], cityCodes: [CEBU_CITY] }).then((rows) => rows.filter((r) => r.name === 'Lahug'));
      const address = await service.resolveAddress({ regionCode: '0700000000', provinceCode: CEBU_PROVINCE, cityCode: CEBU_CITY, barangayCode: lahug.code });
      expect(address).toMatchObject({ provinceCode: CEBU_PROVINCE, provinceName: 'Cebu', cityCode: CEBU_CITY, barangayName: 'Lahug' });
    });

    it('answers the City of Manila for a Manila barangay, with its sub-municipality', async () => {
      const barangay = '1380601001';
      for (const cityCode of [undefined, MANILA, TONDO]) {
        const address = await service.resolveAddress({ cityCode, barangayCode: barangay });
        expect(address).toMatchObject({
          cityCode: MANILA,
          submunicipalityCode: TONDO,
          submunicipalityName: 'Tondo I/II',
          provinceCode: null,
          regionCode: NCR,
          barangayName: 'Barangay 1',
        });
      }
    });

    it('refuses unknown codes and codes that do not contain the barangay, naming the field', async () => {
      await expect(service.resolveAddress({ barangayCode: '1234567890' })).rejects.toMatchObject({
        status: 400,
        message: "Unknown barangayCode '1234567890'",
      });
      await expect(service.resolveAddress({ cityCode: '1381300000', barangayCode: BEL_AIR })).rejects.toMatchObject({
        status: 400,
        message: `cityCode '1381300000' does not contain barangayCode '${BEL_AIR}'`,
      });
      await expect(service.resolveAddress({ cityCode: '1389900000', barangayCode: BEL_AIR })).rejects.toMatchObject({
        status: 400,
        message: "Unknown cityCode '1389900000'",
      });
      await expect(service.resolveAddress({ regionCode: '0700000000', barangayCode: BEL_AIR })).rejects.toMatchObject({
        status: 400,
        message: `regionCode '0700000000' does not contain barangayCode '${BEL_AIR}'`,
      });
      await expect(service.resolveAddress({ provinceCode: CEBU_PROVINCE, barangayCode: BEL_AIR })).rejects.toMatchObject({
        status: 400,
        message: `provinceCode '${CEBU_PROVINCE}' does not contain barangayCode '${BEL_AIR}'`,
      });
      await expect(service.resolveAddress({ barangayCode: MAKATI })).rejects.toMatchObject({
        status: 400,
        message: `barangayCode '${MAKATI}' is a city (Makati City), not a barangay`,
      });
      await expect(service.resolveAddress({ barangayCode: '13803' })).rejects.toMatchObject({
        status: 400,
        message: 'barangayCode must be a 10-digit PSGC code, e.g. 1380300000',
      });
    });

    it('gives the barangay’s centroid, else its city’s', async () => {
      await db.execute(sql`update places set lat = 14.55, lng = 121.02 where code = ${MAKATI}`);
      await expect(service.resolveAddress({ barangayCode: BEL_AIR })).resolves.toMatchObject({ lat: 14.55, lng: 121.02 });
      await db.execute(sql`update places set lat = 14.561, lng = 121.028 where code = ${BEL_AIR}`);
      await expect(service.resolveAddress({ barangayCode: BEL_AIR })).resolves.toMatchObject({ lat: 14.561, lng: 121.028 });
    });
  });
});
