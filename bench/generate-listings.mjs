#!/usr/bin/env node
// Generates N listings (default 1,000,000) in a PostgreSQL database, spread over barangays in
// proportion to their population, with coordinates around each barangay's centroid.
//
//   node bench/generate-listings.mjs --database postgres://postgres@127.0.0.1:5432/tahanan_bench --count 1000000 [--reset]
//
// The database is created and migrated if needed. Places must carry population and centroids: pass
// --psgc and --centroids (the PSA datafile and the centroid file, see docs/importers.md), or load
// them beforehand with the importer. Run `npm run build` first (it uses the compiled API code).
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import pg from 'pg';

const require = createRequire(import.meta.url);
const { values: args } = parseArgs({
  options: {
    database: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/tahanan_bench' },
    count: { type: 'string', default: '1000000' },
    batch: { type: 'string', default: '100000' },
    psgc: { type: 'string' },
    reset: { type: 'boolean', default: false },
    centroids: { type: 'string' },
  },
});
const count = Number(args.count);
const batch = Number(args.batch);
const dbUrl = new URL(args.database);
const dbName = dbUrl.pathname.slice(1);

const t0 = Date.now();
const seconds = () => ((Date.now() - t0) / 1000).toFixed(1);

// 1. the database, migrated, with places
const admin = new pg.Client({ connectionString: Object.assign(new URL(dbUrl), { pathname: '/postgres' }).toString() });
await admin.connect();
const exists = await admin.query('select 1 from pg_database where datname = $1', [dbName]);
if (!exists.rowCount) await admin.query(`create database "${dbName}"`);
await admin.end();

const { openDatabase } = require('../libs/db/dist/index.js');
const { loadReferencePlaces } = require('../apps/api/dist/modules/places/reference-places.js');
const handle = await openDatabase({ url: dbUrl.toString(), poolSize: 2 });
await handle.migrate();
await loadReferencePlaces(handle.db);
if (args.psgc || args.centroids) {
  const importer = require('../apps/api/dist/modules/places/import/psgc-importer.js');
  if (args.psgc) console.log('psgc', await importer.importPsgcWorkbook(handle.db, args.psgc));
  if (args.centroids) console.log('centroids', await importer.importCentroids(handle.db, args.centroids));
}
await handle.close();

const client = new pg.Client({ connectionString: dbUrl.toString() });
await client.connect();
const placed = await client.query(
  "select count(*)::int as n from places where level = 'barangay' and population > 0 and lat is not null",
);
if (placed.rows[0].n === 0) {
  console.error('No barangay has both population and a centroid: pass --psgc and --centroids (see docs/importers.md).');
  process.exit(1);
}
console.log(`[${seconds()}s] ${placed.rows[0].n} barangays with population and centroid`);

// 2. an owner for the generated listings
const owner = await client.query(`
  insert into users (email, first_name, last_name, role, type)
  values ('bench-owner@tahanan.local', 'Bench', 'Owner', 'user', 'broker')
  on conflict ((lower(email))) do update set first_name = excluded.first_name
  returning id`);
const ownerId = owner.rows[0].id;

// 3. cumulative population ranges, for picking a barangay in proportion to its people
await client.query('drop table if exists bench_weights');
await client.query(`
  create unlogged table bench_weights as
  select b.code, b.name, b.lat, b.lng, b.city_code, c.name as city_name, b.region_code, r.name as region_name,
         b.province_code, p.name as province_name,
         sum(b.population) over (order by b.code) - b.population as lo,
         sum(b.population) over (order by b.code) as hi
  from places b
  join places c on c.code = b.city_code
  join places r on r.code = b.region_code
  left join places p on p.code = b.province_code
  where b.level = 'barangay' and b.population > 0 and b.lat is not null`);
await client.query('create index on bench_weights (hi)');
const total = (await client.query('select max(hi)::float8 as t from bench_weights')).rows[0].t;

// 4. listings in batches, generated in SQL
if (args.reset) await client.query('truncate listings cascade');
const existing = (await client.query('select count(*)::int as n from listings')).rows[0].n;
for (let done = 0; done < count; done += batch) {
  const n = Math.min(batch, count - done);
  await client.query(
    `
    insert into listings (code, name, description, description_html, status, type, kind, offer, furnishing, tags, price,
      lot_size, floor_size, bedrooms, bathrooms, parking_slots, lat, lng, address_type, region_code, region_name, province_code, province_name,
      city_code, city_name, barangay_code, barangay_name, amenities, owner_id, views, saved_count, created_at)
    select
      'BEN-' || lpad((${existing} + $2::int + g)::text, 7, '0'),
      (array[case when g % 5 = 0 then 'Apartment' else 'Condo unit' end,'House and lot','Townhouse','Office space','Retail space','Residential lot','Warehouse','Farm lot'])[k.kind]
        || ' in ' || w.name || ', ' || w.city_name,
      'Well kept property in ' || w.name || '. Near schools, malls and transport.',
      '<p>Well kept property in ' || w.name || '.</p>',
      'active',
      (array['residential','residential','residential','commercial','commercial','land','industrial','agricultural'])[k.kind],
      -- one condo unit in five is an apartment
      case when k.kind = 1 and g % 5 = 0 then 'apartment'
           else (array['condominium','house_and_lot','townhouse','office','commercial_space','lot','warehouse','farm'])[k.kind] end,
      -- the offer and the furnishing say what the tag pair says (drawn by g / 8, so independent of the
      -- kind, which g % 8 draws); homes without a furnishing tag are
      -- semi-furnished one time in four
      case when g / 8 % 6 in (1, 3, 5) then 'rent' else 'sale' end,
      case when g / 8 % 6 = 1 then 'furnished' when g / 8 % 6 = 5 then 'unfurnished'
           when k.kind <= 3 and g / 48 % 4 = 0 then 'semi_furnished' end,
      string_to_array((array['for sale|clean title', 'for rent|furnished', 'for sale|new', 'for rent|pet friendly',
             'for sale|individual owner', 'for rent|unfurnished'])[1 + (g / 8 % 6)], '|'),
      round((case when k.kind <= 3 then 2000000 + random() * 30000000 when k.kind <= 5 then 20000 + random() * 500000
                  else 500000 + random() * 50000000 end)::numeric, -3),
      case when k.kind in (2,3,6,7,8) then round((60 + random() * 2000)::numeric, 0) end,
      case when k.kind <= 5 then round((25 + random() * 400)::numeric, 0) end,
      case when k.kind <= 3 then 1 + (g % 5) end,
      case when k.kind <= 3 then 1 + (g % 3) end,
      (array[g % 3, 1 + g % 3, 1 + g % 2, 2 + g % 9, g % 4, null, 2 + g % 7, null])[k.kind],
      w.lat + (random() - 0.5) * 0.01,
      w.lng + (random() - 0.5) * 0.01,
      null, w.region_code, w.region_name, w.province_code, w.province_name, w.city_code, w.city_name, w.code, w.name,
      '{}', $3::uuid, (random() * 500)::int, (random() * 20)::int,
      -- a table grows in time order: listings over two years, oldest first (a few minutes of jitter)
      now() - interval '730 days' * (1 - ($2::int + g)::float8 / $5::float8) - random() * interval '10 minutes'
    from generate_series(1, $1::int) as g
    cross join lateral (select 1 + (g * 7919 % 8) as kind) k
    -- offset 0 keeps the random draw from being inlined (and redrawn for every row the index visits)
    cross join lateral (select (random() * $4::float8)::bigint + g * 0 as r offset 0) pick
    cross join lateral (select * from bench_weights where hi > pick.r order by hi limit 1) w`,
    [n, done, ownerId, total, count],
  );
  console.log(`[${seconds()}s] ${done + n} / ${count} listings`);
}
await client.query('drop table bench_weights');
await client.query('vacuum analyze listings');
console.log(`[${seconds()}s] done: ${(await client.query('select count(*)::int as n from listings')).rows[0].n} listings in ${dbName}`);
await client.end();
