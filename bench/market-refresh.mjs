#!/usr/bin/env node
// Market listing figures at scale (issue 16: "the aggregate refresh after a burst of 10,000 listing
// changes under 60 s" at 1,000,000 listings). Starts the built server on a scratch database, one
// process serving HTTP (role api: it migrates and loads the places with their population) and, once
// the listings exist, one running the queues (role worker: the events and the maintenance tasks), and
// measures:
//
// 1. the backfill: the worker's first `market-refresh` run finds listings but no market lives and
//    records them all (MarketListingsService.backfill, keyset batches through ListingsService), then
//    computes every area (barangay, city, province, region, nation; offer × kind; 24 months). The times
//    are the worker's own log lines ("Market lives backfilled … in N ms", "Market figures refreshed …
//    in N ms") and the wall time until no barangay is dirty;
// 2. a full refresh: every barangay marked dirty in SQL (as the daily task does), the time of the
//    refresh that takes them;
// 3. a burst: --burst listing changes through the HTTP API (PUT /api/listing/update, --concurrency
//    clients): 70 % price changes (−10 % to +5 %), 20 % sold or rented, 10 % archived. Then the time
//    from the last change's answer to "all areas fresh": every burst event handled by the
//    `market-listings` subscriber, no barangay dirty, and the national row computed after the last of
//    those events was handled (so every refresh round that took the burst's barangays had ended).
//
//   npm run build:api
//   node bench/market-refresh.mjs [--listings 1000000] [--burst 10000] [--concurrency 10]
//     [--database postgres://postgres@127.0.0.1:5432/tahanan_bench_market] [--redis redis://127.0.0.1:6379]
//     [--port 3490] [--keep] [--reuse] [--skip-full]
//
// --reuse keeps a database that already holds the listings (from a --keep run): no generation, no
// backfill (step 1 is skipped), steps 2 and 3 again. Listings are generated in SQL like
// bench/generate-listings.mjs (barangays in proportion to their 2024 population, eight kinds, sale and
// rent, two years of creation dates), plus what the figures need: about a third of those older than a
// month sold, rented or archived some days to months after listing, 1 % priced in US dollars.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { elapsedLog, scratchDatabase } from './scratch-database.mjs';

const { values: args } = parseArgs({
  options: {
    listings: { type: 'string', default: '1000000' },
    burst: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '10' },
    database: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/tahanan_bench_market' },
    redis: { type: 'string', default: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
    port: { type: 'string', default: '3490' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
    'skip-full': { type: 'boolean', default: false },
  },
});
const LISTINGS = Number(args.listings);
const BURST = Number(args.burst);
const CONCURRENCY = Number(args.concurrency);
const log = elapsedLog();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const db = scratchDatabase(args.database);
const dir = mkdtempSync(path.join(os.tmpdir(), 'tahanan-bench-market-'));
const base = `http://127.0.0.1:${args.port}/api`;
const jwtSecret = randomBytes(32).toString('hex');
const kycKey = randomBytes(32).toString('base64');
const prefix = `bench_market_${randomBytes(3).toString('hex')}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

console.log(`${os.cpus().length} CPUs, load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`);
if (!args.reuse) await db.recreate();

/** The worker's log lines about the market figures, as they come. */
const marketLines = [];

/** Starts the built server in a role; resolves once it says it is up. */
async function start(role, extra = {}) {
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ROLE: role,
      PORT: role === 'api' ? args.port : '0',
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      REDIS_URL: args.redis,
      REDIS_PREFIX: prefix,
      JWT_SECRET: jwtSecret,
      KYC_MASTER_KEY: kycKey,
      SEED_DEMO: 'false',
      POI_LOAD_BUNDLED: 'false',
      PLAN_LISTING_LIMITS: 'false',
      LOG_LEVEL: role === 'worker' ? 'info' : 'warn',
      STORAGE_DIR: path.join(dir, 'uploads'),
      MAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
      PAYMENTS_SANDBOX: 'true',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  let partial = '';
  child.stdout.on('data', (d) => {
    out += d;
    partial += d;
    const lines = partial.split('\n');
    partial = lines.pop();
    for (const line of lines) {
      const m = /(Market lives backfilled[^"]*|Market figures refreshed[^"]*)/.exec(line);
      if (m) marketLines.push({ at: Date.now(), text: m[1] });
    }
    if (out.length > 1e6) out = out.slice(-1e5);
  });
  const ready = role === 'worker' ? 'Tahanan worker started' : 'Tahanan is running';
  const until = Date.now() + 300_000;
  while (!out.includes(ready)) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`the ${role} process did not start:\n${out.slice(-5000)}`);
    await sleep(100);
  }
  return child;
}

const processes = [];
const stop = async () => {
  for (const child of processes) {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  }
  if (!args.keep) await db.drop();
  rmSync(dir, { recursive: true, force: true });
};

async function http(route, { method = 'GET', token, body } = {}) {
  const res = await fetch(`${base}${route}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: json, text };
}

const client = new pg.Client({ connectionString: db.url });
client.on('error', () => undefined);
const one = async (q, params) => (await client.query(q, params)).rows[0];

/** Waits until no barangay is dirty and a refresh has ended after `since` (a log line), or fails after `timeoutMs`. */
async function refreshedAfter(since, timeoutMs) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { n } = await one('select count(*)::int as n from market_dirty_areas');
    const line = marketLines.find((l) => l.at >= since && l.text.startsWith('Market figures refreshed'));
    if (n === 0 && line) return line;
    if (Date.now() > until) throw new Error(`not refreshed after ${timeoutMs} ms: ${n} barangays dirty`);
    await sleep(250);
  }
}

try {
  // 1. the API process (migrations, places with population)
  processes.push(await start('api'));
  log('api process up');
  await client.connect();

  // 2. the owner (signed up through the API) and the listings, generated in SQL
  const existing = (await one('select count(*)::int as n from listings')).n;
  // the owner: signed up through the API, or (--reuse) the one who owns the generated listings, signed in again
  const previous = existing ? await one(`select u.email from listings l join users u on u.id = l.owner_id where l.code like 'BMK-%' limit 1`) : null;
  const email = previous?.email ?? `bench.market.${randomBytes(3).toString('hex')}@example.ph`;
  const signUp = previous
    ? await http('/user/login', { method: 'POST', body: { email, password: 'bench-password-1' } })
    : await http('/user/create', { method: 'POST', body: { firstName: 'Bench', lastName: 'Owner', email, password: 'bench-password-1', type: 'broker' } });
  if (signUp.status !== 201 && signUp.status !== 200) throw new Error(`sign-up / sign-in answered ${signUp.status}: ${signUp.text}`);
  const token = signUp.body.token;
  const ownerId = signUp.body.user._id;
  if (!args.reuse || existing === 0) {
    await client.query('drop table if exists bench_weights');
    await client.query(`
      create unlogged table bench_weights as
      select b.code, b.name, b.lat, b.lng, b.city_code, c.name as city_name, b.region_code, r.name as region_name, b.province_code, p.name as province_name,
             sum(b.population) over (order by b.code) - b.population as lo, sum(b.population) over (order by b.code) as hi
      from places b join places c on c.code = b.city_code join places r on r.code = b.region_code left join places p on p.code = b.province_code
      where b.level = 'barangay' and b.population > 0 and b.lat is not null`);
    await client.query('create index on bench_weights (hi)');
    const { total, n } = await one('select max(hi)::float8 as total, count(*)::int as n from bench_weights');
    if (!n) throw new Error('no barangay has a population and a centre (the API loads both at start: is the build current?)');
    log(`${n} barangays with population and centre`);
    const BATCH = 100_000;
    for (let done = 0; done < LISTINGS; done += BATCH) {
      const size = Math.min(BATCH, LISTINGS - done);
      await client.query(
        `insert into listings (code, name, description, status, type, kind, offer, tags, price, currency, lot_size, floor_size, bedrooms,
           lat, lng, region_code, region_name, province_code, province_name, city_code, city_name, barangay_code, barangay_name,
           owner_id, saved_count, created_at, updated_at)
         select 'BMK-' || lpad(($2::int + g)::text, 7, '0'),
           (array['Condo unit','House and lot','Townhouse','Office space','Retail space','Residential lot','Warehouse','Farm lot'])[k.kind] || ' in ' || w.name || ', ' || w.city_name,
           'Well kept property in ' || w.name || '.',
           case when ended.days is null then 'active' when off.offer = 'rent' and g % 5 <> 0 then 'rented' when g % 5 <> 0 then 'sold' else 'archived' end,
           (array['residential','residential','residential','commercial','commercial','land','industrial','agricultural'])[k.kind],
           (array['condominium','house_and_lot','townhouse','office','commercial_space','lot','warehouse','farm'])[k.kind],
           off.offer,
           array[case when off.offer = 'rent' then 'for rent' else 'for sale' end],
           round((case when off.offer = 'rent' then 8000 + random() * 250000
                       when k.kind <= 3 then 2000000 + random() * 30000000 when k.kind <= 5 then 3000000 + random() * 40000000
                       else 500000 + random() * 50000000 end)::numeric, -3),
           case when g % 100 = 7 then 'USD' else 'PHP' end,
           case when k.kind in (2,3,6,7,8) then round((60 + random() * 2000)::numeric, 0) end,
           case when k.kind <= 5 or k.kind = 7 then round((25 + random() * 400)::numeric, 0) end,
           case when k.kind <= 3 then 1 + (g % 5) end,
           w.lat + (random() - 0.5) * 0.01, w.lng + (random() - 0.5) * 0.01,
           w.region_code, w.region_name, w.province_code, w.province_name, w.city_code, w.city_name, w.code, w.name,
           $3::uuid, (random() * 12)::int, c.created_at,
           coalesce(least(c.created_at + ended.days * interval '1 day', now()), c.created_at)
         from generate_series(1, $1::int) as g
         cross join lateral (select 1 + (g * 7919 % 8) as kind) k
         cross join lateral (select case when g / 8 % 3 = 1 then 'rent' else 'sale' end as offer) off
         cross join lateral (select now() - interval '730 days' * (1 - ($2::int + g)::float8 / $5::float8) as created_at) c
         -- about a third of those listed over a month ago have left: rents after 10-120 days, sales after 20-330
         cross join lateral (select case when c.created_at < now() - interval '30 days' and g % 3 = 0
                                         then case when off.offer = 'rent' then 10 + (g * 31 % 110) else 20 + (g * 37 % 310) end end as days) ended
         cross join lateral (select (random() * $4::float8)::bigint + g * 0 as r offset 0) pick
         cross join lateral (select * from bench_weights where hi > pick.r order by hi limit 1) w`,
        [size, existing + done, ownerId, total, LISTINGS],
      );
      log(`${done + size} / ${LISTINGS} listings`);
    }
    await client.query('drop table bench_weights');
    await client.query('vacuum analyze listings');
  }
  const listingCount = (await one('select count(*)::int as n from listings')).n;
  const already = (await one('select count(*)::int as n from market_listings')).n;
  log(`${listingCount} listings, ${already} market lives recorded`);

  // 3. the worker: its first market-refresh run backfills (when nothing is recorded) and computes every area
  const workerStarted = Date.now();
  processes.push(await start('worker', { DB_MIGRATE: 'false' }));
  log('worker process up');
  if (already === 0) {
    const line = await refreshedAfter(workerStarted, 1_800_000);
    const backfill = marketLines.find((l) => l.text.startsWith('Market lives backfilled'));
    log(`backfill: ${backfill?.text ?? '(no log line)'}`);
    log(`first refresh (every area): ${line.text}; wall time from the worker's start: ${((line.at - workerStarted) / 1000).toFixed(1)} s`);
  } else {
    await sleep(12_000);
  }
  await client.query('analyze market_listings');
  const stats = await one(`select count(*)::int as n, count(*) filter (where level = 'barangay')::int as barangays from market_area_stats`);
  const months = await one('select count(*)::int as n from market_area_monthly');
  log(`market_area_stats ${stats.n} rows (${stats.barangays} barangay rows), market_area_monthly ${months.n} rows`);

  // 4. a full refresh: every barangay dirty
  if (!args['skip-full']) {
    const fullStart = Date.now();
    const marked = await client.query('insert into market_dirty_areas (barangay_code) select distinct barangay_code from market_listings on conflict do nothing');
    const full = await refreshedAfter(fullStart, 1_800_000);
    log(`full refresh of ${marked.rowCount} barangays: ${full.text}; wall ${((full.at - fullStart) / 1000).toFixed(1)} s`);
  }

  // 5. the burst, through the API
  const { seq: seqBefore } = await one('select coalesce(max(seq), 0)::bigint as seq from outbox');
  const picks = (
    await client.query(
      `select id::text, price::float8 as price, offer from listings where status = 'active' and owner_id = $1 order by random() limit $2`,
      [ownerId, BURST],
    )
  ).rows;
  let next = 0;
  let failures = 0;
  let lastAnswer = 0;
  const burstStart = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (;;) {
        const i = next++;
        if (i >= picks.length) return;
        const l = picks[i];
        const r = i % 10;
        const body =
          r < 7
            ? { price: Math.max(1000, Math.round((l.price * (0.9 + ((i * 7) % 16) / 100)) / 1000) * 1000) }
            : r < 9
              ? { status: l.offer === 'rent' ? 'rented' : 'sold' }
              : { status: 'archived' };
        const res = await http('/listing/update', { method: 'PUT', token, body: { _id: l.id, owner: ownerId, ...body } });
        if (res.status !== 200) failures++;
        lastAnswer = Date.now();
      }
    }),
  );
  log(`burst: ${picks.length} changes in ${((lastAnswer - burstStart) / 1000).toFixed(1)} s (${failures} failed)`);
  const { n: burstEvents } = await one(`select count(*)::int as n from outbox where seq > $1 and type like 'listing.%'`, [seqBefore]);
  const until = Date.now() + 600_000;
  let fresh = null;
  for (;;) {
    const row = await one(
      `with burst as (select id from outbox where seq > $1 and type like 'listing.%')
       select (select count(*)::int from event_handled h join burst b on b.id = h.event_id where h.handler = 'market-listings') as handled,
              (select max(h.handled_at) from event_handled h join burst b on b.id = h.event_id where h.handler = 'market-listings') as last_handled,
              (select count(*)::int from market_dirty_areas) as dirty,
              (select computed_at from market_area_stats where area_code = 'PH' and offer = 'sale' and kind = 'all') as national`,
      [seqBefore],
    );
    if (row.handled === burstEvents && row.dirty === 0 && row.national && new Date(row.national) >= new Date(row.last_handled)) {
      fresh = { at: Date.now(), ...row };
      break;
    }
    if (Date.now() > until) throw new Error(`not fresh 600 s after the burst: ${JSON.stringify(row)} of ${burstEvents} events`);
    await sleep(200);
  }
  const rounds = marketLines.filter((l) => l.at >= burstStart && l.text.startsWith('Market figures refreshed'));
  log(`all areas fresh ${((fresh.at - lastAnswer) / 1000).toFixed(1)} s after the last change's answer (${burstEvents} events; last handled ${((new Date(fresh.last_handled).getTime() - lastAnswer) / 1000).toFixed(1)} s after it)`);
  for (const r of rounds) log(`  refresh round at +${((r.at - burstStart) / 1000).toFixed(1)} s: ${r.text}`);
  console.log(`load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`);
} finally {
  await client.end().catch(() => undefined);
  await stop();
}
