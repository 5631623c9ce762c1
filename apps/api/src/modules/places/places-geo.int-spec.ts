import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@app/db';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { testDbPrefix, urlFor, withAdmin } from '../../../test/db-admin';
import { rowsOf } from './psgc';

const MAKATI_CENTRE = { lat: 14.5547, lng: 121.0244 };
const MANILA_CENTRE = { lat: 14.5995, lng: 120.9842 };
const QUEZON_CITY_CENTRE = { lat: 14.676, lng: 121.0437 };
const BEL_AIR = '1380300002';
const MAKATI = '1380300000';

const km = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
};

describe('places: every place has a location after a fresh migrate', () => {
  const name = `${testDbPrefix()}fresh${randomBytes(4).toString('hex')}`;
  const run = (env: Record<string, string>) =>
    promisify(execFile)(process.execPath, [require.resolve('tsx/cli'), path.join(__dirname, '../../db/migrate.ts')], {
      cwd: path.resolve(__dirname, '../../..'),
      env: { ...process.env, ...env },
      timeout: 180_000,
    });

  beforeAll(async () => {
    await withAdmin((admin) => admin.query(`create database "${name}"`));
  });
  afterAll(async () => {
    await withAdmin((admin) => admin.query(`drop database if exists "${name}" with (force)`));
  });

  it('npm run migrate on an empty database locates every barangay, City of Manila included, and keeps imported coordinates on a re-run', async () => {
    const env = { DATABASE_URL: urlFor(name), LOG_LEVEL: 'silent' };
    const first = await run(env);
    console.log(first.stdout.trim());
    const handle = await openDatabase({ url: urlFor(name), poolSize: 1 });
    try {
      const db = handle.db;
      const [counts] = rowsOf<{ total: number; unlocated: number; barangays: number }>(
        await db.execute(sql`select count(*)::int as total, count(*) filter (where lat is null or lng is null)::int as unlocated,
          count(*) filter (where level = 'barangay')::int as barangays from places`),
      );
      expect(counts.barangays).toBe(42_011);
      expect(counts.unlocated).toBe(0);

      // Bel-Air is in Makati, not in Quezon City (the report).
      const [belAir] = rowsOf<{ lat: number; lng: number; area_km2: number | null }>(
        await db.execute(sql`select lat, lng, area_km2 from places where code = ${BEL_AIR}`),
      );
      expect(km(belAir, MAKATI_CENTRE)).toBeLessThan(2);
      expect(km(belAir, QUEZON_CITY_CENTRE)).toBeGreaterThan(10);
      expect(belAir.area_km2).toBeGreaterThan(0);

      // The PSA's population and classes come from the bundled statistics table (the demographics report reads them).
      const stats = rowsOf<{ code: string; population: number | null; income_class: string | null; urban_rural: string | null; city_class: string | null }>(
        await db.execute(sql`select code, population, income_class, urban_rural, city_class from places where code in (${MAKATI}, ${BEL_AIR}) order by code`),
      );
      expect(stats).toEqual([
        { code: MAKATI, population: 309_770, income_class: '1st', urban_rural: null, city_class: 'HUC' },
        { code: BEL_AIR, population: 39_354, income_class: null, urban_rural: 'urban', city_class: null },
      ]);

      // The City of Manila's 897 barangays (not in the centroid file) sit at their district's centre, inside Manila.
      const manila = rowsOf<{ code: string; lat: number; lng: number }>(
        await db.execute(sql`select b.code, b.lat, b.lng from places b join places s on s.code = b.city_code
          where b.level = 'barangay' and s.city_code = '1380600000'`),
      );
      expect(manila).toHaveLength(897);
      expect(manila.every((b) => km(b, MANILA_CENTRE) < 5)).toBe(true);

      // Every barangay is within 80 km of its city's centre (far islands of Cagayan and Palawan included): no pin in another province.
      const pairs = rowsOf<{ code: string; lat: number; lng: number; clat: number; clng: number }>(
        await db.execute(sql`select b.code, b.lat, b.lng, c.lat as clat, c.lng as clng from places b join places c on c.code = b.city_code
          where b.level = 'barangay'`),
      );
      expect(pairs).toHaveLength(42_011);
      expect(pairs.filter((p) => km(p, { lat: p.clat, lng: p.clng }) > 80).map((p) => p.code)).toEqual([]);

      // A re-run changes nothing that is already located (an importer's finer centroid wins).
      await db.execute(sql`update places set lat = 14.56, lng = 121.03 where code = ${BEL_AIR}`);
      const second = await run(env);
      expect(second.stdout).not.toMatch(/Located|Added the PSA/);
      const [kept] = rowsOf<{ lat: number; lng: number }>(await db.execute(sql`select lat, lng from places where code = ${BEL_AIR}`));
      expect(kept).toEqual({ lat: 14.56, lng: 121.03 });
    } finally {
      await handle.close();
    }
  }, 240_000);
});

describe('places: geocoding', () => {
  describe('local geocoder (default: PSGC places and bundled centroids)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    }, 60_000);
    afterAll(async () => {
      await t?.close();
    });

    it('resolves a PSGC code and "barangay, city" text (diacritics and "Brgy." tolerated) to the barangay in Makati', async () => {
      const byCode = await t.http.get('/api/places/geocode').query({ q: BEL_AIR }).expect(200);
      expect(byCode.body[0]).toMatchObject({ code: BEL_AIR, level: 'barangay', source: 'local' });
      expect(km(byCode.body[0], MAKATI_CENTRE)).toBeLessThan(2);

      for (const q of ['Bel-Air, Makati', 'brgy. bel air, city of makati', 'Barangay Bél-Air, Makati City, Metro Manila']) {
        const res = await t.http.get('/api/places/geocode').query({ q }).expect(200);
        expect(res.body[0]).toMatchObject({ code: BEL_AIR, cityCode: MAKATI });
        expect(res.body[0].label).toMatch(/^Bel-Air, (City of )?Makati/);
      }
      const city = await t.http.get('/api/places/geocode').query({ q: 'Makati' }).expect(200);
      expect(city.body[0]).toMatchObject({ code: MAKATI, level: 'city' });
      const none = await t.http.get('/api/places/geocode').query({ q: 'Atlantis, Nowhere' }).expect(200);
      expect(none.body).toEqual([]);
    });

    it('reverse-geocodes a point to the nearest barangay and its city', async () => {
      const { body: belAir } = await t.http.get('/api/places/geocode').query({ q: BEL_AIR }).expect(200);
      const res = await t.http.get('/api/places/reverse').query({ lat: belAir[0].lat + 0.0005, lng: belAir[0].lng }).expect(200);
      expect(res.body).toMatchObject({ code: BEL_AIR, cityCode: MAKATI, source: 'local' });
    });

    it('refuses bad input with a 400 that says what to fix', async () => {
      const empty = await t.http.get('/api/places/geocode').query({ q: ' ' }).expect(400);
      expect(empty.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(JSON.stringify(empty.body.message)).toMatch(/q/);
      const long = await t.http.get('/api/places/geocode').query({ q: 'x'.repeat(300) }).expect(400);
      expect(JSON.stringify(long.body.message)).toMatch(/200/);
      const lat = await t.http.get('/api/places/reverse').query({ lat: 95, lng: 121 }).expect(400);
      expect(JSON.stringify(lat.body.message)).toMatch(/lat/);
    });
  });

  describe('Nominatim-compatible geocoder (GEOCODER_URL)', () => {
    let server: http.Server;
    let base: string;
    const seen: { path: string; query: URLSearchParams; userAgent?: string }[] = [];
    let failNext = false;
    let t: TestApp;

    beforeAll(async () => {
      server = http.createServer((req: IncomingMessage, res) => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        seen.push({ path: url.pathname, query: url.searchParams, userAgent: req.headers['user-agent'] });
        res.setHeader('content-type', 'application/json');
        if (failNext) {
          failNext = false;
          res.statusCode = 503;
          res.end('{"error":"overloaded"}');
          return;
        }
        if (url.pathname === '/nominatim/search') {
          res.end(
            JSON.stringify([
              {
                place_id: 1,
                lat: '14.5620',
                lon: '121.0290',
                display_name: 'Bel-Air, Makati, Metro Manila, Philippines',
                category: 'boundary',
                type: 'administrative',
                addresstype: 'quarter',
              },
            ]),
          );
        } else if (url.pathname === '/nominatim/reverse') {
          res.end(JSON.stringify({ place_id: 2, lat: url.searchParams.get('lat'), lon: url.searchParams.get('lon'), display_name: 'Ayala Avenue, Bel-Air, Makati' }));
        } else {
          res.statusCode = 404;
          res.end('{}');
        }
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/nominatim`;
      t = await startTestApp({ GEOCODER_URL: base });
    }, 60_000);
    afterAll(async () => {
      await t?.close();
      await new Promise((resolve) => server?.close(resolve));
    });

    it('asks the service with /search?format=jsonv2&q= and answers its places, with the nearest PSGC barangay', async () => {
      const res = await t.http.get('/api/places/geocode').query({ q: 'Bel-Air, Makati' }).expect(200);
      expect(res.body).toEqual([
        expect.objectContaining({ lat: 14.562, lng: 121.029, label: 'Bel-Air, Makati, Metro Manila, Philippines', source: 'nominatim', code: BEL_AIR, cityCode: MAKATI }),
      ]);
      const call = seen.find((s) => s.path === '/nominatim/search')!;
      expect(call.query.get('format')).toBe('jsonv2');
      expect(call.query.get('q')).toBe('Bel-Air, Makati');
      expect(call.query.get('countrycodes')).toBe('ph');
      expect(call.userAgent).toMatch(/Tahanan/);
    });

    it('reverse-geocodes with /reverse?format=jsonv2&lat=&lon=', async () => {
      const res = await t.http.get('/api/places/reverse').query({ lat: 14.5605, lng: 121.0265 }).expect(200);
      expect(res.body).toMatchObject({ lat: 14.5605, lng: 121.0265, label: 'Ayala Avenue, Bel-Air, Makati', source: 'nominatim', code: BEL_AIR });
      const call = seen.find((s) => s.path === '/nominatim/reverse')!;
      expect(call.query.get('format')).toBe('jsonv2');
      expect(call.query.get('lat')).toBe('14.5605');
      expect(call.query.get('lon')).toBe('121.0265');
    });

    it('answers a JSON 502 naming the service when it fails', async () => {
      failNext = true;
      const res = await t.http.get('/api/places/geocode').query({ q: 'Makati' }).expect(502);
      expect(res.body).toMatchObject({ statusCode: 502, error: 'Bad Gateway' });
      expect(res.body.message).toMatch(/geocoding service .*503/i);
    });
  });
});
