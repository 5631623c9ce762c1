#!/usr/bin/env node
// The barangay report routes under load (issue 16: "every barangay report route p95 under 50 ms at
// 1,000,000 listings and 10 concurrent clients"). Against the built server on a database whose market
// figures are computed (e.g. the one `bench/market-refresh.mjs --keep` leaves, 1,000,000 listings),
// signs in a staff member (inserted with a password: staff see every report group, nothing locked),
// draws barangays that have listing figures (the most active 500, in a seeded random order), and for
// each route runs --concurrency keep-alive clients for --seconds, each request for the next barangay:
// requests/s, p50/p95/p99, and the answers by status. A route that answers 404 for every barangay (not
// built yet) is reported as such. First `analyze market_area_stats` and one cold pass over the barangays
// (timed apart; --no-warm skips it), so the routes are measured in the steady state of the caches.
//
//   npm run build:api
//   node bench/market-refresh.mjs --keep                      # 1,000,000 listings and their figures
//   node bench/market-reports.mjs [--database postgres://postgres@127.0.0.1:5432/tahanan_bench_market]
//     [--seconds 15] [--concurrency 10] [--port 3491] [--routes analysis,historical,...] [--groups all|demographics,...] [--no-warm]
//     [--url http://127.0.0.1:3000 --token <staff JWT>]   # or an already running server
//     [--caller staff|premium]   # who reads: an admin (default) or a member on Premium (adds the plan read)
//     [--barangays 500|all]   # how many barangays to draw (the most active first)
//     [--fresh-areas]     # every request (all routes, warm-up included) for the next barangay of one shared
//                         # order, so none is asked twice until the draw runs out (counted as "repeats"):
//                         # the per-barangay caches stay cold, as for traffic spread over the whole country
//                         # (use with --barangays all --no-warm)
//     [--cold-rankings]   # before the two ranking routes (future_opportunities, areas/similar): one pass over
//                         # the barangays at --concurrency clients with their caches still empty, timed apart
//
// Without --url it starts the built server itself (one ROLE=api process, no worker: nothing is
// refreshed while it measures) on that database and stops it at the end; the database is kept.
import http from 'node:http';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';

const require = createRequire(import.meta.url);
const { values: args } = parseArgs({
  options: {
    database: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/tahanan_bench_market' },
    redis: { type: 'string', default: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
    seconds: { type: 'string', default: '15' },
    'no-warm': { type: 'boolean', default: false },
    concurrency: { type: 'string', default: '10' },
    port: { type: 'string', default: '3491' },
    url: { type: 'string' },
    token: { type: 'string' },
    routes: { type: 'string', default: 'group,analysis,historical,demographics,projections,risk,similar,amenities' },
    groups: { type: 'string', default: 'all' },
    seed: { type: 'string', default: '1' },
    'cold-rankings': { type: 'boolean', default: false },
    caller: { type: 'string', default: 'staff' },
    barangays: { type: 'string', default: '500' },
    'fresh-areas': { type: 'boolean', default: false },
  },
});
const seconds = Number(args.seconds);
const concurrency = Number(args.concurrency);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The barangay report routes (GET; `{b}` is the barangay's PSGC code). */
const ROUTES = {
  analysis: (b) => `/api/bi/property/analysis/${b}`,
  historical: (b) => `/api/bi/property/historical/${b}`,
  demographics: (b) => `/api/bi/area/demographics/${b}`,
  projections: (b) => `/api/bi/market/projections/${b}`,
  risk: (b) => `/api/bi/risk/assessment/${b}`,
  similar: (b) => `/api/bi/areas/similar/${b}`,
  amenities: (b) => `/api/bi/amenities/${b}`,
};

// a small seeded generator (mulberry32), so two runs draw the same barangays
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const client = new pg.Client({ connectionString: args.database });
client.on('error', () => undefined);
await client.connect();
const { rows: areas } = await client.query(
  `select area_code from market_area_stats where level = 'barangay' and offer = 'sale' and kind = 'all' order by active_count desc limit $1`,
  [args.barangays === 'all' ? null : Number(args.barangays)],
);
if (!areas.length) throw new Error('no barangay has listing figures in this database: run bench/market-refresh.mjs --keep first');
const random = rng(Number(args.seed));
const barangays = areas.map((a) => a.area_code).sort(() => random() - 0.5);
console.log(`${barangays.length} barangays with figures; ${os.cpus().length} CPUs, load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`);

let server = null;
let dir = null;
let base = args.url ? new URL(args.url) : new URL(`http://127.0.0.1:${args.port}`);
let token = args.token;
try {
  if (!args.url) {
    dir = mkdtempSync(path.join(os.tmpdir(), 'tahanan-bench-reports-'));
    server = spawn(process.execPath, [path.join(root, 'apps/api/dist/main.js')], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ROLE: 'api',
        PORT: args.port,
        HOST: '127.0.0.1',
        DATABASE_URL: args.database,
        DB_MIGRATE: 'false',
        REDIS_URL: args.redis,
        REDIS_PREFIX: `bench_reports_${randomBytes(3).toString('hex')}`,
        JWT_SECRET: randomBytes(32).toString('hex'),
        KYC_MASTER_KEY: randomBytes(32).toString('base64'),
        SEED_DEMO: 'false',
        // the report routes do not use the in-memory listing search index; building it at 1,000,000
        // listings takes the API process's one core for ~90 s after start (this machine, 2026-11-27),
        // which the cold pass then measured instead of the reports' own caches
        LISTING_SEARCH_INDEX: process.env.LISTING_SEARCH_INDEX ?? 'false',
        LOG_LEVEL: 'warn',
        STORAGE_DIR: path.join(dir, 'uploads'),
        MAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    server.stdout.on('data', (d) => (out = (out + d).slice(-20000)));
    const until = Date.now() + 300_000;
    while (!out.includes('Tahanan is running')) {
      if (server.exitCode !== null || Date.now() > until) throw new Error(`the server did not start:\n${out}`);
      await sleep(100);
    }
  }
  if (!token) {
    // a staff member (admin: every report group is open to staff, no plan is read), or with --caller
    // premium a member on an active Premium subscription (every group unlocked; each request also reads
    // the member's plan, as for any paying member)
    if (!['staff', 'premium'].includes(args.caller)) throw new Error(`--caller is staff or premium, not '${args.caller}'`);
    const argon2 = require(require.resolve('argon2', { paths: [path.join(root, 'apps/api')] }));
    const email = `bench.reports.${randomBytes(3).toString('hex')}@example.ph`;
    const password = 'bench-password-1';
    await client.query(
      `insert into users (email, first_name, last_name, role, type, password_hash, is_verified) values ($1, 'Bench', 'Reader', $3, 'customer', $2, true)`,
      [email, await argon2.hash(password, { type: argon2.argon2id }), args.caller === 'staff' ? 'admin' : 'user'],
    );
    if (args.caller === 'premium') {
      await client.query(
        `insert into subscriptions (user_id, plan, billing_period, status, started_at, expires_at, source)
         select id, 'premium', 'monthly', 'active', now(), now() + interval '30 days', 'staff' from users where email = $1`,
        [email],
      );
    }
    const res = await fetch(new URL('/api/user/login', base), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
    token = (await res.json()).token;
  }

  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const get = (p) =>
    new Promise((resolve, reject) => {
      const req = http.request({ agent, host: base.hostname, port: base.port, method: 'GET', path: p, headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode));
      });
      req.on('error', reject);
      req.end();
    });
  const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

  /** The routes whose answers come from MarketRankingsService's caches (a ranking per city or region). */
  const RANKING_ROUTES = new Set(['GET /bi/get/future_opportunities', 'GET /bi/areas/similar/{barangay}']);

  // every barangay once, --concurrency clients at a time, right after the server started: each city's or
  // region's ranking is computed on its first request (concurrent ones wait for that one computation)
  async function coldPass(name, pathOf) {
    const latencies = [];
    const statuses = {};
    let i = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (i < barangays.length) {
          const b = barangays[i++];
          const t = process.hrtime.bigint();
          const status = await get(pathOf(b));
          latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    console.log(
      `${name} cold pass (${concurrency} clients, each barangay once, ranking caches empty): ${latencies.length} in ${((Date.now() - started) / 1000).toFixed(1)} s, p50 ${pct(latencies, 50).toFixed(1)} ms  p95 ${pct(latencies, 95).toFixed(1)} ms  p99 ${pct(latencies, 99).toFixed(1)} ms  max ${latencies[latencies.length - 1].toFixed(1)} ms  ${JSON.stringify(statuses)}`,
    );
  }

  // CPU time the server process spent (user + system, clock ticks of 10 ms), when the bench started it:
  // per request, a figure the other jobs on the machine change far less than the latencies
  const serverCpuMs = () => {
    if (!server?.pid) return null;
    try {
      const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      return null;
    }
  };

  // --fresh-areas: one cursor for the whole run
  let cursor = 0;
  async function run(name, pathOf) {
    if (args['cold-rankings'] && RANKING_ROUTES.has(name)) await coldPass(name, pathOf);
    const latencies = [];
    const statuses = {};
    let i = 0;
    const next = () => (args['fresh-areas'] ? barangays[cursor++ % barangays.length] : barangays[i++ % barangays.length]);
    // warm-up: one round of 20 requests, not counted
    for (let w = 0; w < 20; w++) await get(pathOf(args['fresh-areas'] ? next() : barangays[w % barangays.length]));
    const until = Date.now() + seconds * 1000;
    const cpu0 = serverCpuMs();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (Date.now() < until) {
          const b = next();
          const t = process.hrtime.bigint();
          const status = await get(pathOf(b));
          latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      }),
    );
    const cpu1 = serverCpuMs();
    latencies.sort((a, b) => a - b);
    const cpu = cpu0 === null || cpu1 === null ? '' : `  server CPU ${((cpu1 - cpu0) / latencies.length).toFixed(2)} ms/req`;
    const repeats = args['fresh-areas'] ? `  repeats ${Math.max(0, cursor - barangays.length)}` : '';
    const line = `${name.padEnd(36)} ${String(latencies.length).padStart(6)} req  ${(latencies.length / seconds).toFixed(0).padStart(5)}/s  p50 ${pct(latencies, 50).toFixed(1)} ms  p95 ${pct(latencies, 95).toFixed(1)} ms  p99 ${pct(latencies, 99).toFixed(1)} ms${cpu}  ${JSON.stringify(statuses)}${repeats}`;
    console.log(Object.keys(statuses).length === 1 && statuses[404] ? `${name.padEnd(36)} not built yet (404 for every barangay)` : line);
  }

  const wanted = args.routes.split(',').map((s) => s.trim());
  // Steady state: the API keeps places and statistics in per-process caches (10 and 5 minutes), and
  // PostgreSQL plans with fresh table statistics (autovacuum keeps them). Both first: the cold pass over
  // the barangays is timed and reported on its own line.
  await client.query('analyze market_area_stats');
  if (!args['no-warm']) {
    const started = Date.now();
    const cold = [];
    for (const b of barangays) {
      const t = process.hrtime.bigint();
      await get(`/api/bi/get/demographics?area=${b}`);
      cold.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    cold.sort((a, b) => a - b);
    console.log(
      `cold pass (one client, GET /bi/get/demographics once per barangay, caches empty): ${barangays.length} in ${((Date.now() - started) / 1000).toFixed(1)} s, p50 ${pct(cold, 50).toFixed(1)} ms, p95 ${pct(cold, 95).toFixed(1)} ms`,
    );
  }
  if (wanted.includes('group')) {
    const domain = require(path.join(root, 'libs/domain/dist/index.js'));
    const groups = args.groups === 'all' ? Object.keys(domain.REPORT_GROUPS) : args.groups.split(',');
    for (const g of groups) await run(`GET /bi/get/${g}`, (b) => `/api/bi/get/${g}?area=${b}`);
  }
  for (const [name, pathOf] of Object.entries(ROUTES)) if (wanted.includes(name)) await run(`GET ${pathOf('{barangay}').slice(4)}`, pathOf);
  console.log(`load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`);
} finally {
  await client.end().catch(() => undefined);
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
}
