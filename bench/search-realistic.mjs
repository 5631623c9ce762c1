#!/usr/bin/env node
// Listing search under traffic that looks like the search page's users (issue 11, item 1): what the web
// sends, drawn from the database behind the server. 10 concurrent keep-alive clients per shape, for a
// fixed time each; reports req/s, p50/p95/p99, errors and throughput as % of /api/health (same run).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/tahanan_bench ROLE=api PORT=3300 HOST=127.0.0.1 \
//     REDIS_PREFIX=bench-$(date +%s) LOG_LEVEL=warn SEED_DEMO=false DB_MIGRATE=false node apps/api/dist/main.js &
//   node bench/search-realistic.mjs --url http://127.0.0.1:3300 \
//     --database postgres://postgres@127.0.0.1:5432/tahanan_bench --seconds 15 --concurrency 10 [--seed N] [--salt N]
// (with API_PROCESSES=N on the server, pass --processes N: the run waits until every process has
// loaded its search index)
//
// Shapes (--shapes, default all, in this order):
//   health  GET /api/health, the yardstick.
//   search  POST /api/listing/search with a drawn search (see bench/search-draw.mjs): Any/Buy/Rent;
//           text from the generator's vocabulary, city and barangay names, rare words and typos;
//           cities and barangays weighted by their listings across the country; map boxes of
//           0.005°-2°; type, kind, at-least bedrooms/bathrooms/parking, furnishing, tags; a price band
//           or a free range; the web's sorts; pages 1-5; the landing page with no filter.
//   filter  POST /api/listing/filter with the same draws' sidebar body (the filters without the price).
//   visit   the page's call set: search + filter + the map's clusters in parallel, as the page sends
//           them (the clusters of the search's map area, or of the whole country at zoom 5 for a search
//           without one: the map fits itself to the matches); the visit takes as long as the slowest
//           (req/s counts visits). Before issue 11 item 5 the set was search + filter only.
//   box     map bounding boxes alone (the map moved), 0.005° to 2° on a side (log-uniform) around
//           listing locations; reported per zoom band.
//   clusters POST /api/listing/clusters for the same boxes at the zoom a 400 px map shows them at,
//           without a filter (4 in 5) or with one of the drawn searches' filters; per zoom band.
//   mapvisit the map's call set when it moves: the box page + its clusters in parallel.
//
// Caches: --salt (default: random 1-999, printed) is added in pesos to free price ranges and in
// centavos to the price bands' bounds, so priced bodies never repeat an earlier run's count-cache key;
// bodies without a price (and all facet bodies, which the web sends without the price) can only be
// cold if the API starts with a fresh REDIS_PREFIX (as above) or a minute has passed since the last run.
// The output says how many bodies carried the salt and how many repeated within the run.
// --seed (default random, printed) fixes the sequence of draws; the same seed and salt redraw a run.
import http from 'node:http';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import pg from 'pg';
import { createDrawer, createRng, toFacetBody, toFilterBody, toSearchBody } from './search-draw.mjs';

const require = createRequire(import.meta.url);
const domain = require('../libs/domain/dist/index.js');

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    database: { type: 'string', default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tahanan_bench' },
    seconds: { type: 'string', default: '15' },
    concurrency: { type: 'string', default: '10' },
    shapes: { type: 'string', default: 'health,search,filter,visit,box,clusters' },
    seed: { type: 'string' },
    salt: { type: 'string' },
    slowest: { type: 'string', default: '5' },
    // API_PROCESSES of the server: wait until that many processes say their search index is loaded
    processes: { type: 'string', default: '1' },
  },
});
const base = new URL(args.url);
const seconds = Number(args.seconds);
const concurrency = Number(args.concurrency);
const seed = args.seed !== undefined ? Number(args.seed) : Math.floor(Math.random() * 2 ** 31);
const salt = args.salt !== undefined ? Number(args.salt) : 1 + Math.floor(Math.random() * 999);
if (!(salt >= 1 && salt <= 999)) throw new Error('--salt must be 1-999');
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency * 2 });

function request(method, path, body) {
  return new Promise((resolve) => {
    const payload = body ? Buffer.from(JSON.stringify(body)) : undefined;
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path,
        timeout: 30000,
        headers: payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {},
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout after 30 s')));
    req.on('error', (e) => resolve({ status: 0, body: String(e.message) }));
    if (payload) req.write(payload);
    req.end();
  });
}

// What there is to ask for: every barangay with listings, with its count and the centre of its listings.
const db = new pg.Client({ connectionString: args.database });
await db.connect();
const { rows: places } = await db.query(`
  select barangay_code as code, barangay_name as name, city_code as "cityCode", city_name as "cityName",
         count(*)::int as n, avg(lat)::float8 as lat, avg(lng)::float8 as lng
  from listings
  where is_visible and status = 'active' and barangay_code is not null and lat is not null
  group by 1, 2, 3, 4 order by 1`);
await db.end();
if (!places.length) throw new Error('No listings with a barangay and a location: run bench/generate-listings.mjs first');
const health = await request('GET', '/api/health');
if (health.status !== 200) throw new Error(`GET /api/health answered ${health.status}: is the API at ${args.url}?`);

// Each API process loads its own index (PostgreSQL answers meanwhile): wait until every one says
// "memory" on /api/health, asked on new connections (the cluster hands each to the next process).
const processes = Number(args.processes);
for (const waitUntil = Date.now() + 15 * 60_000; ; ) {
  const seen = new Map();
  for (let i = 0; i < processes * 4; i++) {
    const body = await new Promise((resolve, reject) =>
      http.get({ host: base.hostname, port: base.port, path: '/api/health', agent: false }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve(JSON.parse(text)));
      }).on('error', reject),
    );
    seen.set(body.process ?? 1, body.search);
  }
  if (seen.size >= processes && [...seen.values()].every((s) => s === 'memory' || s === 'database')) break;
  if (Date.now() > waitUntil) throw new Error(`the API's processes have not all loaded their search index: ${JSON.stringify([...seen])}`);
  await new Promise((r) => setTimeout(r, 2000));
}

const rng = createRng(seed);
const drawer = createDrawer({ rng, places, domain, salt });
const listings = places.reduce((s, p) => s + p.n, 0);
console.log(
  `# ${listings} listings in ${places.length} barangays of ${drawer.cities.length} cities; seed ${seed}, salt ${salt}; ` +
    `${concurrency} clients, ${seconds} s per shape`,
);

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
const stats = (lat) => {
  const s = [...lat].sort((a, b) => a - b);
  return { n: s.length, p50: +pct(s, 50).toFixed(1), p95: +pct(s, 95).toFixed(1), p99: +pct(s, 99).toFixed(1) };
};
const ok = (status) => status >= 200 && status < 300;

/**
 * Runs one shape: `next()` gives { label, calls: [{ method, path, body }], salted }; the calls go in
 * parallel and the request takes as long as the slowest.
 */
async function run(name, next) {
  const latencies = [];
  const byLabel = new Map();
  const slowest = [];
  const bodies = new Set();
  const errorSamples = [];
  let errors = 0;
  let calls = 0;
  let salted = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const item = next();
        const t = process.hrtime.bigint();
        const answers = await Promise.all(item.calls.map((c) => request(c.method, c.path, c.body)));
        const ms = Number(process.hrtime.bigint() - t) / 1e6;
        latencies.push(ms);
        calls += item.calls.length;
        if (item.salted) salted++;
        bodies.add(JSON.stringify(item.calls.map((c) => c.body ?? null)));
        const bad = answers.filter((a) => !ok(a.status));
        if (bad.length) {
          errors++;
          if (errorSamples.length < 5) errorSamples.push({ status: bad[0].status, answer: bad[0].body.slice(0, 300), calls: item.calls });
        }
        if (item.label) {
          const l = byLabel.get(item.label) ?? [];
          l.push(ms);
          byLabel.set(item.label, l);
        }
        slowest.push({ ms, calls: item.calls });
        if (slowest.length > 200) {
          slowest.sort((a, b) => b.ms - a.ms);
          slowest.length = Number(args.slowest);
        }
      }
    }),
  );
  const s = stats(latencies);
  const result = {
    shape: name,
    requests: s.n,
    rps: Math.round(s.n / seconds),
    ...(calls !== s.n ? { callsPerSecond: Math.round(calls / seconds) } : {}),
    p50: s.p50,
    p95: s.p95,
    p99: s.p99,
    errors,
    distinct: bodies.size,
    salted,
  };
  console.log(JSON.stringify(result));
  for (const e of errorSamples) console.log(`  error ${e.status}: ${e.answer}\n    ${JSON.stringify(e.calls.map((c) => c.body))}`);
  if (byLabel.size > 1) {
    const rows = [...byLabel].map(([label, l]) => ({ label, ...stats(l) }));
    rows.sort((a, b) => b.p95 - a.p95);
    const shown = rows.filter((r) => r.n >= 10).slice(0, 12);
    if (shown.length) console.log(`  slowest kinds (p95, at least 10 requests):`);
    for (const r of shown) console.log(`    ${r.label.padEnd(40)} n=${String(r.n).padStart(5)}  p50 ${r.p50}  p95 ${r.p95}  p99 ${r.p99}`);
  }
  slowest.sort((a, b) => b.ms - a.ms);
  for (const x of name === 'health' ? [] : slowest.slice(0, Number(args.slowest))) {
    console.log(`  slow ${x.ms.toFixed(0)} ms: ${x.calls.map((c) => `${c.path} ${JSON.stringify(c.body)}`).join(' | ')}`);
  }
  return result;
}

const isSalted = (state) => state.price.min !== null || state.price.max !== null;
/** A coarse label for the breakdown: the kind of text, where, and whether other filters or a price are set. */
function group(state) {
  if (state.label.startsWith('landing')) return state.label;
  const text = /text:([\w-]+)/.exec(state.label)?.[1];
  const where = state.bounds ? 'box' : state.barangays.length ? 'barangay' : state.cities.length ? 'city' : 'nationwide';
  const parts = state.label.split('+');
  const filtered = parts.some((p) => ['type', 'kind', 'beds', 'baths', 'parking', 'furnishing', 'tags'].includes(p));
  const price = parts.includes('band') || parts.includes('price');
  return [text ? `text(${text})` : null, where, filtered ? '+filters' : null, price ? '+price' : null].filter(Boolean).join(' ');
}
const zoomBand = (side) => (side <= 0.02 ? '≤0.02°' : side <= 0.1 ? '0.02-0.1°' : side <= 0.5 ? '0.1-0.5°' : '0.5-2°');

/** The Philippines as the web's map asks for it (map-clusters.ts PHILIPPINES_BOX). */
const PHILIPPINES_BOX = { south: 4, north: 22, west: 112, east: 127.5 };
/** The map's first question on the search page: the search's filters in its area, or in the whole country. */
const toClustersBody = (state) => {
  const { fuzzySearch, query, match } = toFilterBody(state);
  const filters = { ...(fuzzySearch ? { fuzzySearch } : {}), ...(query ? { query } : {}), ...(match ? { match } : {}) };
  return state.bounds ? { ...filters, bounds: state.bounds, zoom: mapZoom(state.bounds) } : { ...filters, bounds: PHILIPPINES_BOX, zoom: 5 };
};
/** The zoom at which a box fills a 400 px wide map (the web's map column): 256 px tiles, 360° at zoom 0. */
const mapZoom = (b) => Math.max(0, Math.min(19, Math.floor(Math.log2((400 / 256) * (360 / Math.max(1e-6, b.east - b.west))))));

const shapes = args.shapes.split(',');
const results = [];
for (const shape of shapes) {
  if (shape === 'health') results.push(await run('health', () => ({ calls: [{ method: 'GET', path: '/api/health' }] })));
  else if (shape === 'search')
    results.push(
      await run('search (realistic mix)', () => {
        const state = drawer.drawState();
        return { label: group(state), salted: isSalted(state), calls: [{ method: 'POST', path: '/api/listing/search', body: toSearchBody(state) }] };
      }),
    );
  else if (shape === 'filter')
    results.push(
      await run('filter (sidebar facets)', () => {
        const state = drawer.drawState();
        return { label: group(state), salted: false, calls: [{ method: 'POST', path: '/api/listing/filter', body: toFacetBody(state) }] };
      }),
    );
  else if (shape === 'visit')
    results.push(
      await run('visit (search + filter in parallel)', () => {
        const state = drawer.drawState();
        return {
          label: group(state),
          salted: isSalted(state),
          calls: [
            { method: 'POST', path: '/api/listing/search', body: toSearchBody(state) },
            { method: 'POST', path: '/api/listing/filter', body: toFacetBody(state) },
            { method: 'POST', path: '/api/listing/clusters', body: toClustersBody(state) },
          ],
        };
      }),
    );
  else if (shape === 'box')
    results.push(
      await run('map box 0.005-2°', () => {
        const bounds = drawer.drawBounds();
        const body = { bounds, sort: '-createdAt', limit: 10, skip: 0 };
        return { label: `box ${zoomBand(bounds.north - bounds.south)}`, salted: false, calls: [{ method: 'POST', path: '/api/listing/search', body }] };
      }),
    );
  else if (shape === 'clusters')
    results.push(
      await run('map clusters 0.005-2°', () => {
        const bounds = drawer.drawBounds();
        const filtered = rng.chance(0.2);
        // a drawn search's filters (text, type, price...) without its city or barangay (the box is the place)
        const filters = toFilterBody(drawer.drawState({ landingShare: 0, boundsShare: 0 }));
        if (filters.match) {
          delete filters.match.city;
          delete filters.match.barangay;
        }
        const body = { ...(filtered ? filters : {}), bounds, zoom: mapZoom(bounds) };
        const label = `clusters ${zoomBand(bounds.north - bounds.south)}${filtered ? ' +filters' : ''}`;
        return { label, salted: false, calls: [{ method: 'POST', path: '/api/listing/clusters', body }] };
      }),
    );
  else if (shape === 'mapvisit')
    results.push(
      await run('map visit (box page + clusters in parallel)', () => {
        const bounds = drawer.drawBounds();
        return {
          label: `mapvisit ${zoomBand(bounds.north - bounds.south)}`,
          salted: false,
          calls: [
            { method: 'POST', path: '/api/listing/search', body: { bounds, sort: '-createdAt', limit: 10, skip: 0 } },
            { method: 'POST', path: '/api/listing/clusters', body: { bounds, zoom: mapZoom(bounds) } },
          ],
        };
      }),
    );
  else throw new Error(`unknown shape ${shape}: use health, search, filter, visit, box, clusters, mapvisit`);
}

const healthRps = results.find((r) => r.shape === 'health')?.rps;
console.log(`\n# seed ${seed}, salt ${salt}: priced bodies carry this run's salt (fresh count-cache keys); others are cold only on a fresh REDIS_PREFIX`);
for (const r of results.filter((r) => r.shape !== 'health')) {
  const vs = healthRps ? ` (${((r.rps / healthRps) * 100).toFixed(1)}% of health)` : '';
  console.log(
    `${r.shape}: ${r.rps} req/s${vs}, p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, ${r.errors} errors; ` +
      `${r.distinct} distinct of ${r.requests}, ${r.salted} salted`,
  );
}
if (healthRps) console.log(`health: ${healthRps} req/s`);
agent.destroy();
