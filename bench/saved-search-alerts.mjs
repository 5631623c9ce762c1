#!/usr/bin/env node
// Saved-search alerts at scale (issue 12): how cheap is matching a new listing against 100,000 saved
// searches with alerts on? Builds a scratch database, fills it, measures the API's own matching code
// (apps/api/dist: SavedSearchAlertsService.matchesOf, i.e. the candidates' lookup in the index of
// alerting searches, SavedSearchAlertsRepository.candidates, and the in-memory test, matchesPrepared),
// and drops the database.
//
//   npm run build:api
//   node bench/saved-search-alerts.mjs [--database postgres://postgres@127.0.0.1:5432/tahanan_bench_alerts]
//     [--searches 100000] [--members 25000] [--listings 20000] [--new 1000] [--concurrency 8] [--seed N] [--keep]
//
// 1. A fresh database (dropped first if it exists), migrated, with the bundled PSGC places and barangay
//    centroids. Places are weighted as demand is, by city (the reference data has no population): a
//    Metro Manila city counts 40 (about 1.3 % of all listings and searches each, 22 % for the region),
//    another city 6, a municipality 1; a city's barangays share its weight.
// 2. --listings existing public listings (so listing_words knows how common each word is), drawn like
//    bench/generate-listings.mjs: kinds with their types, prices, sizes and tags; names "Condo unit in
//    <barangay>, <city>".
// 3. --searches saved searches by --members members, drawn by bench/search-draw.mjs (the search page's
//    users: Buy/Rent, text, cities and barangays, map boxes, types, kinds, rooms, furnishing, tags,
//    price bands and free ranges; no bare landing page: nobody saves "everything"; and as a saved search
//    nearly always names a place, only one in five of the drawn ones without a city, barangay, map area
//    or a place's name in its words is kept, the others drawn again), written as the
//    page's query string, compiled as the API compiles them (filtersOfSavedQuery, the words as
//    PostgreSQL parses them, the rarest word, alertKeysOf) and bulk-inserted with alerts on (60 %
//    instant, 40 % daily), with their keys in saved_search_alert_keys.
// 4. 2 × --new new listings drawn the same way. For the first --new, one at a time: the candidates'
//    lookup and the in-memory test (per listing: candidates tested, matches, time p50/p95/p99); as a
//    yardstick, testing every saved search in memory for 100 of them. For the second --new, a burst:
//    what the subscriber does per listing (read it, match it, record its matches), --concurrency at a
//    time (the events worker's EVENTS_WORKER_CONCURRENCY), wall time and listings per second.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDrawer, createRng, weightedTable } from './search-draw.mjs';
import { elapsedLog, scratchDatabase } from './scratch-database.mjs';

const require = createRequire(import.meta.url);
const { values: args } = parseArgs({
  options: {
    database: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/tahanan_bench_alerts' },
    searches: { type: 'string', default: '100000' },
    members: { type: 'string', default: '25000' },
    listings: { type: 'string', default: '20000' },
    new: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '8' },
    seed: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const SEARCHES = Number(args.searches);
const MEMBERS = Number(args.members);
const BASE_LISTINGS = Number(args.listings);
const NEW = Number(args.new);
const CONCURRENCY = Number(args.concurrency);
const seed = args.seed !== undefined ? Number(args.seed) : Math.floor(Math.random() * 2 ** 31);
const rng = createRng(seed);
const scratch = scratchDatabase(args.database);
const dbUrl = new URL(scratch.url);
const dbName = scratch.name;

const domain = require('../libs/domain/dist/index.js');
const { openDatabase } = require('../libs/db/dist/index.js');
const { loadReferencePlaces } = require('../apps/api/dist/modules/places/reference-places.js');
const { loadReferenceCentroids } = require('../apps/api/dist/modules/places/reference-centroids.js');
const { ListingsRepository } = require('../apps/api/dist/modules/listings/listings.repository.js');
const { ListingsService } = require('../apps/api/dist/modules/listings/listings.service.js');
const { parseTsQueryLexemes } = require('../apps/api/dist/modules/listings/search-index/listing-search-index.repository.js');
const { SavedSearchAlertsRepository } = require('../apps/api/dist/modules/saved/alerts/saved-search-alerts.repository.js');
const { SavedSearchAlertsService } = require('../apps/api/dist/modules/saved/alerts/saved-search-alerts.service.js');
const match = require('../apps/api/dist/modules/saved/alerts/saved-search-match.js');

const log = elapsedLog();

console.log(`seed ${seed}; ${os.cpus().length} CPUs, load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`);
await scratch.recreate();
let handle;
try {
  // ---- 1. database, places ------------------------------------------------------------------------
  handle = await openDatabase({ url: dbUrl.toString(), poolSize: Math.max(CONCURRENCY, 2) });
  await handle.migrate();
  await loadReferencePlaces(handle.db);
  await loadReferenceCentroids(handle.db);
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  // the drop at the end ends this connection: not an error then
  client.on('error', () => undefined);
  await client.connect();
  // demand by city (a Metro Manila city 40, another city 6, a municipality 1), shared by its barangays
  const { rows: barangays } = await client.query(`
    select b.code, b.name, b.city_code as "cityCode", c.name as "cityName", b.region_code as "regionCode", r.name as "regionName",
           b.province_code as "provinceCode", b.lat, b.lng,
           (case when b.region_code like '13%' then 40 when c.name ~ '\\mCity\\M' then 6 else 1 end)::float8
             / count(*) over (partition by b.city_code) as n
    from places b join places c on c.code = b.city_code join places r on r.code = b.region_code
    where b.level = 'barangay' and b.lat is not null`);
  log(`${barangays.length} barangays with a centre`);
  const pickBarangay = weightedTable(barangays, (b) => b.n);

  // ---- 2. listings ----------------------------------------------------------------------------------
  const owner = (await client.query(`insert into users (email, first_name, last_name, type) values ('alerts-owner@bench.local', 'Bench', 'Owner', 'broker') returning id`)).rows[0].id;
  const KINDS = [
    { w: 26, label: 'Condo unit', type: 'residential', kind: 'condominium', sale: [2e6, 3.2e7], rent: [1.2e4, 1.5e5], rentShare: 0.45, beds: [0, 3], floor: [25, 150] },
    { w: 22, label: 'House and lot', type: 'residential', kind: 'house_and_lot', sale: [3e6, 4e7], rent: [2e4, 2e5], rentShare: 0.2, beds: [2, 5], floor: [60, 400], lot: [80, 600] },
    { w: 10, label: 'Townhouse', type: 'residential', kind: 'townhouse', sale: [2.5e6, 1.5e7], rent: [1.5e4, 8e4], rentShare: 0.3, beds: [2, 4], floor: [50, 200], lot: [40, 120] },
    { w: 10, label: 'Apartment', type: 'residential', kind: 'apartment', sale: [1.5e6, 8e6], rent: [6e3, 6e4], rentShare: 0.8, beds: [1, 3], floor: [20, 120] },
    { w: 8, label: 'Office space', type: 'commercial', kind: 'office', sale: [5e6, 5e7], rent: [2e4, 5e5], rentShare: 0.6, floor: [30, 1000] },
    { w: 6, label: 'Retail space', type: 'commercial', kind: 'commercial_space', sale: [3e6, 4e7], rent: [1.5e4, 3e5], rentShare: 0.6, floor: [20, 500] },
    { w: 10, label: 'Residential lot', type: 'land', kind: 'lot', sale: [5e5, 5e7], rent: [5e3, 5e4], rentShare: 0.05, lot: [100, 2000] },
    { w: 4, label: 'Warehouse', type: 'industrial', kind: 'warehouse', sale: [1e7, 1e8], rent: [5e4, 8e5], rentShare: 0.6, floor: [200, 5000], lot: [300, 8000] },
    { w: 4, label: 'Farm lot', type: 'agricultural', kind: 'farm', sale: [5e5, 3e7], rent: [5e3, 5e4], rentShare: 0.05, lot: [5000, 100000] },
  ];
  const pickKind = (r) => r.weighted(KINDS.map((k) => [k, k.w]));
  const between = (r, [lo, hi]) => lo * Math.pow(hi / lo, r.next());
  const EXTRA_TAGS = ['clean title', 'new', 'renovated', 'pet friendly', 'individual owner', 'under construction', 'has ATS', 'long term'];
  let codeSeq = 0;
  /** A listing drawn as the generator draws one, as the insert's columns. */
  function drawListing(r) {
    const b = pickBarangay(r);
    const k = pickKind(r);
    const offer = r.chance(k.rentShare) ? 'rent' : 'sale';
    const home = k.type === 'residential';
    const furnishing = home ? r.weighted([['furnished', 3], ['semi_furnished', 3], ['unfurnished', 3], [null, 2]]) : null;
    const tags = [offer === 'rent' ? 'for rent' : 'for sale', ...(furnishing === 'furnished' ? ['furnished'] : furnishing === 'unfurnished' ? ['unfurnished'] : [])];
    for (const t of EXTRA_TAGS) if (r.chance(0.08)) tags.push(t);
    return {
      code: `ALB-${String(++codeSeq).padStart(7, '0')}`,
      name: `${k.label} in ${b.name}, ${b.cityName}`,
      description: `Well kept property in ${b.name}. Near schools, malls and transport.`,
      type: k.type,
      kind: k.kind,
      offer,
      furnishing,
      tags,
      price: Math.round(between(r, offer === 'rent' ? k.rent : k.sale) / 1000) * 1000,
      bedrooms: k.beds ? r.int(k.beds[0], k.beds[1]) : null,
      bathrooms: k.beds ? r.int(1, 3) : null,
      parking: home || k.type === 'commercial' ? r.int(0, 2) : null,
      lot: k.lot ? Math.round(between(r, k.lot)) : null,
      floor: k.floor ? Math.round(between(r, k.floor)) : null,
      lat: b.lat + (r.next() - 0.5) * 0.01,
      lng: b.lng + (r.next() - 0.5) * 0.01,
      b,
    };
  }
  async function insertListings(list) {
    const col = (f) => list.map(f);
    const { rows } = await client.query(
      `insert into listings (code, name, description, type, kind, offer, furnishing, tags, price, bedrooms, bathrooms, parking_slots,
         lot_size, floor_size, lat, lng, region_code, region_name, province_code, city_code, city_name, barangay_code, barangay_name, owner_id)
       select t.code, t.name, t.description, t.type, t.kind, t.offer, t.furnishing, array(select jsonb_array_elements_text(t.tags::jsonb)), t.price,
              t.bedrooms, t.bathrooms, t.parking, t.lot, t.floor, t.lat, t.lng, t.region_code, t.region_name, t.province_code,
              t.city_code, t.city_name, t.barangay_code, t.barangay_name, $24::uuid
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::numeric[],
                   $10::int[], $11::int[], $12::int[], $13::numeric[], $14::numeric[], $15::float8[], $16::float8[], $17::text[], $18::text[],
                   $19::text[], $20::text[], $21::text[], $22::text[], $23::text[])
         as t(code, name, description, type, kind, offer, furnishing, tags, price, bedrooms, bathrooms, parking, lot, floor, lat, lng,
              region_code, region_name, province_code, city_code, city_name, barangay_code, barangay_name)
       returning id`,
      [
        col((l) => l.code), col((l) => l.name), col((l) => l.description), col((l) => l.type), col((l) => l.kind), col((l) => l.offer),
        col((l) => l.furnishing), col((l) => JSON.stringify(l.tags)), col((l) => l.price), col((l) => l.bedrooms), col((l) => l.bathrooms),
        col((l) => l.parking), col((l) => l.lot), col((l) => l.floor), col((l) => l.lat), col((l) => l.lng), col((l) => l.b.regionCode),
        col((l) => l.b.regionName), col((l) => l.b.provinceCode), col((l) => l.b.cityCode), col((l) => l.b.cityName), col((l) => l.b.code),
        col((l) => l.b.name), owner,
      ],
    );
    return rows.map((r) => r.id);
  }
  for (let done = 0; done < BASE_LISTINGS; done += 5000) {
    await insertListings(Array.from({ length: Math.min(5000, BASE_LISTINGS - done) }, () => drawListing(rng)));
  }
  await client.query('analyze listings; analyze listing_words');
  log(`${BASE_LISTINGS} listings`);

  // ---- 3. members and saved searches ----------------------------------------------------------------
  await client.query(
    `insert into users (email, first_name, last_name) select 'member' || g || '@bench.local', 'Member', g::text from generate_series(1, $1::int) g`,
    [MEMBERS],
  );
  const memberIds = (await client.query(`select id from users where email like 'member%@bench.local' order by email`)).rows.map((r) => r.id);
  // the drawer's places: barangays with their demand as `n`
  const drawer = createDrawer({ rng, places: barangays.map((b) => ({ ...b, n: b.n })), domain, salt: 1 });
  /** The page's query string for a drawn state (the web's toSearchParams, for the fields the drawer sets). */
  function toQuery(s) {
    const p = new URLSearchParams();
    if (s.offer) p.set('offer', s.offer);
    if (s.text.trim()) p.set('q', s.text.trim());
    s.types.forEach((v) => p.append('type', v));
    s.kinds.forEach((v) => p.append('kind', v));
    if (s.bedrooms !== null) p.set('beds', String(s.bedrooms));
    if (s.bathrooms !== null) p.set('baths', String(s.bathrooms));
    if (s.parkingSlots !== null) p.set('parking', String(s.parkingSlots));
    s.furnishings.forEach((v) => p.append('furnishing', v));
    s.tags.forEach((v) => p.append('tag', v));
    if (s.price.min !== null) p.set('minPrice', String(s.price.min));
    if (s.price.max !== null) p.set('maxPrice', String(s.price.max));
    s.cities.forEach((v) => p.append('city', v));
    s.barangays.forEach((v) => p.append('barangay', v));
    if (s.bounds) p.set('bounds', [s.bounds.north, s.bounds.south, s.bounds.east, s.bounds.west].join(','));
    if (s.sort !== '-createdAt') p.set('sort', s.sort);
    return p.toString();
  }
  // a saved search nearly always names a place (Rightmove and Zillow ask for one before they alert): of
  // the drawn searches with no city, barangay, map area or place name in their words, one in five is
  // kept, the rest drawn again
  const drawSaved = () => {
    for (;;) {
      const state = drawer.drawState({ landingShare: 0 });
      const placed = state.cities.length || state.barangays.length || state.bounds || /text:(cityname|brgyname|word-place)/.test(state.label);
      if (placed || rng.chance(0.2)) return state;
    }
  };
  const drawn = Array.from({ length: SEARCHES }, () => {
    const state = drawSaved();
    return { query: toQuery(state), label: state.label, name: state.label.slice(0, 120) };
  });
  // compiled as SavedSearchAlertsService.compile does: the words as PostgreSQL parses them, the rarest keys it
  const lexemeCache = new Map();
  async function lexemesOf(text) {
    if (/^[a-z0-9 ]*$/.test(text)) return text.split(' ').filter(Boolean);
    if (!lexemeCache.has(text)) {
      const { rows } = await client.query(`select plainto_tsquery('simple', $1)::text as q`, [text]);
      lexemeCache.set(text, parseTsQueryLexemes(rows[0].q ?? ''));
    }
    return lexemeCache.get(text);
  }
  const parsed = [];
  for (const d of drawn) {
    const f = match.filtersOfSavedQuery(d.query);
    parsed.push({ f, words: match.hasSearchWords(f.text) ? await lexemesOf(f.text) : null });
  }
  const allWords = [...new Set(parsed.flatMap((p) => p.words ?? []))];
  const counts = new Map((await client.query(`select word, listings from listing_words where word = any($1::text[])`, [allWords])).rows.map((r) => [r.word, r.listings]));
  const compiled = parsed.map(({ f, words }) => {
    const filters = match.alertFiltersOf(f, words, match.keyWordOf(words, counts));
    return { filters, keys: match.alertKeysOf(filters) };
  });
  const keyKinds = new Map();
  for (const c of compiled) {
    const kind = c.keys[0].startsWith('w') ? 'word' : { '#': 'code', b: 'barangay', c: 'city', g: 'box 0.1°', G: 'box 1°', k: 'kind', t: 'type', '*': 'none' }[c.keys[0][0]];
    keyKinds.set(kind, (keyKinds.get(kind) ?? 0) + 1);
  }
  const BATCH = 5000;
  for (let i = 0; i < SEARCHES; i += BATCH) {
    const slice = drawn
      .slice(i, i + BATCH)
      .map((d, j) => ({ ...d, ...compiled[i + j], id: randomUUID(), userId: memberIds[(i + j) % memberIds.length], alert: rng.chance(0.6) ? 'instant' : 'daily' }));
    await client.query('begin');
    await client.query(
      `insert into saved_items (id, user_id, type, name, data, alert, alert_since, alert_filters)
       select t.id, t.u, 'search', t.n, jsonb_build_object('query', t.q), t.a, now() - interval '1 day', t.f::jsonb
       from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[]) as t(id, u, n, q, a, f)`,
      [slice.map((s) => s.id), slice.map((s) => s.userId), slice.map((s) => s.name), slice.map((s) => s.query), slice.map((s) => s.alert), slice.map((s) => JSON.stringify(s.filters))],
    );
    // the index of alerting searches, as SavedSearchAlertsRepository.indexSearch writes it
    const keyRows = slice.flatMap((s) => s.keys.map((key) => [key, s.id, s.userId, s.alert]));
    await client.query(
      `insert into saved_search_alert_keys (key, saved_item_id, user_id, alert, alert_since)
       select k, s, u, a, now() - interval '1 day' from unnest($1::text[], $2::uuid[], $3::uuid[], $4::text[]) as t(k, s, u, a)`,
      [keyRows.map((r) => r[0]), keyRows.map((r) => r[1]), keyRows.map((r) => r[2]), keyRows.map((r) => r[3])],
    );
    await client.query('commit');
  }
  await client.query('vacuum analyze saved_items');
  await client.query('vacuum analyze saved_search_alert_keys');
  const keyTotal = compiled.reduce((n, c) => n + c.keys.length, 0);
  const sizes = (
    await client.query(
      `select pg_size_pretty(pg_total_relation_size('saved_search_alert_keys')) as idx, pg_size_pretty(pg_total_relation_size('saved_items')) as tbl`,
    )
  ).rows[0];
  log(
    `${SEARCHES} saved searches by ${MEMBERS} members: ${keyTotal} keys (${(keyTotal / SEARCHES).toFixed(1)} per search; keyed by ${[...keyKinds]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${((100 * n) / SEARCHES).toFixed(1)} %`)
      .join(', ')}); key index (saved_search_alert_keys with its indexes) ${sizes.idx}, saved_items ${sizes.tbl}`,
  );

  // ---- 4. matching ------------------------------------------------------------------------------------
  const listingsRepo = new ListingsRepository(handle.db);
  // only forAlerts is used: the listing's columns for the test (the rest of the service is not needed here)
  const listingsService = new ListingsService(listingsRepo);
  const alertsRepo = new SavedSearchAlertsRepository(handle.db);
  const alerts = new SavedSearchAlertsService(alertsRepo, listingsService);
  const fresh = await insertListings(Array.from({ length: 2 * NEW }, () => drawListing(rng)));
  const [sequential, burst] = [fresh.slice(0, NEW), fresh.slice(NEW)];
  const at = new Date();
  const pct = (xs, p) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
  };
  const stats = (xs) => ({ p50: pct(xs, 50), p95: pct(xs, 95), p99: pct(xs, 99), max: Math.max(...xs), mean: xs.reduce((a, b) => a + b, 0) / xs.length });
  const fmt = (s, unit = 'ms', d = 2) => `p50 ${s.p50.toFixed(d)} ${unit}, p95 ${s.p95.toFixed(d)}, p99 ${s.p99.toFixed(d)}, max ${s.max.toFixed(d)}, mean ${s.mean.toFixed(d)}`;

  // cold: a worker just started reads the parsed filters of each new candidate once
  const cold = [];
  for (const id of sequential.slice(0, 50)) {
    const [l] = await listingsService.forAlerts([id]);
    const a = performance.now();
    await alerts.matchesOf(l, at);
    cold.push(performance.now() - a);
  }
  // warm: a worker that has run a while holds every alerting search's parsed filters (its own map,
  // filled here at once)
  const kept = alerts.filters;
  for (const [id, f] of await alertsRepo.filtersOf((await client.query(`select id from saved_items where alert <> 'off'`)).rows.map((r) => r.id))) {
    kept.set(id, match.prepareAlert(f));
  }
  const rows = [];
  for (const id of sequential) {
    const [l] = await listingsService.forAlerts([id]);
    const a = performance.now();
    const { tested, matched } = await alerts.matchesOf(l, at);
    const b = performance.now();
    // the same in its two steps, timed apart: the index lookup (SQL) and the in-memory test
    const candidates = await alertsRepo.candidates(match.probeKeysOf(l), l.ownerId, at);
    const c = performance.now();
    const again = candidates.filter((x) => match.matchesPrepared(l, kept.get(x.id))).length;
    const d = performance.now();
    if (again !== matched.length || tested !== candidates.length) throw new Error(`listing ${id}: matchesOf and its steps disagree`);
    rows.push({ candidates: tested, matched: matched.length, total: b - a, lookup: c - b, test: d - c });
  }
  const col = (k) => rows.map((r) => r[k]);
  console.log(`\nPer new listing, one at a time (${NEW} listings, ${SEARCHES} saved searches with alerts):`);
  console.log(`  candidates tested: ${fmt(stats(col('candidates')), '', 0)} (of ${SEARCHES})`);
  console.log(`  matches:           ${fmt(stats(col('matched')), '', 0)}`);
  console.log(`  time (SavedSearchAlertsService.matchesOf, warm): ${fmt(stats(col('total')))}`);
  console.log(`    index lookup (SQL: saved_search_alert_keys, index-only): ${fmt(stats(col('lookup')))}`);
  console.log(`    in-memory test of the candidates:                         ${fmt(stats(col('test')), 'ms', 3)}`);
  console.log(`  cold (a worker just started: each candidate's filters read once; first 50 listings): ${fmt(stats(cold))}`);

  // the yardstick: testing every saved search in memory (already loaded, parsed), for 100 listings
  const every = compiled.map((c) => match.prepareAlert(c.filters));
  const yard = [];
  for (const id of sequential.slice(0, 100)) {
    const [l] = await listingsService.forAlerts([id]);
    const a = performance.now();
    let n = 0;
    for (const f of every) if (match.matchesPrepared(l, f)) n++;
    yard.push(performance.now() - a);
    // the index found every match: the full scan finds the same number (the owner has no saved search)
    const found = rows[sequential.indexOf(id)].matched;
    if (n !== found) throw new Error(`listing ${id}: the index found ${found} matches, a full scan ${n}`);
  }
  console.log(`  yardstick, every saved search tested in memory (100 listings): ${fmt(stats(yard))}`);
  console.log(`  (for those 100 the index found every match the full scan found)`);

  // a burst: what the subscriber does per listing, CONCURRENCY at a time
  const started = performance.now();
  let next = 0;
  let recorded = 0;
  const latencies = [];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < burst.length) {
        const id = burst[next++];
        const a = performance.now();
        const [l] = await listingsService.forAlerts([id]);
        const { matched } = await alerts.matchesOf(l, new Date());
        const fresh = (await alertsRepo.recordMatches(id, matched)).length;
        if (fresh !== matched.length) throw new Error(`listing ${id}: ${matched.length} matches, ${fresh} recorded`);
        recorded += fresh;
        latencies.push(performance.now() - a);
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  console.log(`\nBurst: ${NEW} new listings, ${CONCURRENCY} at a time (read the listing, match it, record its matches):`);
  console.log(`  ${wall.toFixed(2)} s, ${(NEW / wall).toFixed(0)} listings/s; ${recorded} matches recorded; per listing ${fmt(stats(latencies))}`);
  console.log(`\nload average at the end: ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`);
  await client.end();
} finally {
  await handle?.close();
  if (!args.keep) {
    await scratch.drop();
    log(`dropped ${dbName}`);
  }
}
