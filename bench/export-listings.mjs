#!/usr/bin/env node
// Listing exports, end to end (issue 14: 100,000 listings to CSV in under 10 s and to PDF in under
// 60 s, the worker's RSS growing less than 100 MB): starts the built API in two processes on a
// scratch database, one serving HTTP (role api) and one running the queues (role worker), signs an
// admin in, generates the listings in SQL (varied names with ñ, prices, places, several owners), then
// for each format asks POST /listing/export/{format} for all of them with the default columns and
// polls GET /export/{id} until ready, sampling the worker's resident memory (/proc/<pid>/status) every
// 100 ms. Reports the job's own time (started → finished), the time from the request to ready, rows
// per second, the file's size, and the worker's RSS before, at its peak and the growth; downloads the
// file through its signed link and checks its size (and, for the CSV, its row count).
//
//   npm run build:api
//   node bench/export-listings.mjs [--rows 100000] [--formats csv,pdf]
//     [--database postgres://postgres@127.0.0.1:5432/tahanan_bench_export] [--redis redis://127.0.0.1:6379]
//     [--port 3480] [--keep]
//
// Linux only (the RSS is read from /proc). The database is dropped at the end unless --keep.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { elapsedLog, scratchDatabase } from './scratch-database.mjs';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    formats: { type: 'string', default: 'csv,pdf' },
    database: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/tahanan_bench_export' },
    redis: { type: 'string', default: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
    port: { type: 'string', default: '3480' },
    keep: { type: 'boolean', default: false },
    // e.g. "--trace-gc" or "--max-old-space-size=256" for the worker only, and where its output goes
    'worker-node-options': { type: 'string', default: '' },
    'worker-log': { type: 'string' },
  },
});
const rows = Number(args.rows);
const formats = args.formats.split(',').map((f) => f.trim());
const log = elapsedLog();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const db = scratchDatabase(args.database);
const dir = mkdtempSync(path.join(os.tmpdir(), 'tahanan-bench-export-'));
const base = `http://127.0.0.1:${args.port}/api`;
const jwtSecret = randomBytes(32).toString('hex');
const prefix = `bench_export_${randomBytes(3).toString('hex')}`;

await db.recreate();
log(`database ${db.name} created`);

/** Starts the built server in a role; resolves once it says it is up. */
async function start(role, extra = {}) {
  const nodeArgs = role === 'worker' && args['worker-node-options'] ? args['worker-node-options'].split(/\s+/) : [];
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/api/dist/main.js')], {
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
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      STORAGE_DIR: path.join(dir, 'uploads'),
      MAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
      PAYMENTS_SANDBOX: 'true',
      // every export answers 202 and is polled (the HTTP call does not wait)
      EXPORT_INLINE_MAX_ROWS: '0',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
    if (role === 'worker' && args['worker-log']) appendFileSync(args['worker-log'], d);
  });
  const ready = role === 'worker' ? 'Tahanan worker started' : 'Tahanan is running';
  const until = Date.now() + 120_000;
  while (!out.includes(ready)) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`the ${role} process did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
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
    // a file
  }
  return { status: res.status, body: json, text, headers: res.headers };
}

const rssMb = (pid) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

try {
  // 1. the API (it migrates the database and loads the reference places) and the worker
  processes.push(await start('api'));
  log('api process up');
  const worker = await start('worker', { DB_MIGRATE: 'false' });
  processes.push(worker);
  log(`worker process up (pid ${worker.pid})`);

  // 2. an admin
  const email = `bench.exporter.${randomBytes(3).toString('hex')}@example.ph`;
  const signUp = await http('/user/create', { method: 'POST', body: { firstName: 'Bench', lastName: 'Exporter', email, password: 'bench-password-1', type: 'broker' } });
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${signUp.text}`);
  const token = signUp.body.token;
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  await client.query(`update users set role = 'admin' where id = $1`, [signUp.body.user._id]);

  // 3. owners and listings, in SQL
  await client.query(`
    insert into users (email, first_name, last_name, type)
    select 'bench-owner-' || g || '@example.ph',
           (array['Juan','María','José','Niño','Ana','Señorita','Pedro','Luz'])[1 + g % 8],
           (array['Dela Cruz','Peñaflorida','Santos','Ibáñez','Reyes','Muñoz','Garcia','Castañeda'])[1 + (g / 8) % 8],
           'broker'
    from generate_series(1, 200) g`);
  await client.query(`
    create temporary table bench_places as
    select b.code, b.name, c.code as city_code, c.name as city_name, b.region_code, r.name as region_name, row_number() over (order by b.code) - 1 as i
    from places b join places c on c.code = b.city_code join places r on r.code = b.region_code
    where b.level = 'barangay'
    limit 2000`);
  const placeCount = (await client.query('select count(*)::int as n from bench_places')).rows[0].n;
  if (!placeCount) throw new Error('no barangays in places: the API should have loaded the reference places');
  for (let done = 0; done < rows; done += 20_000) {
    const n = Math.min(20_000, rows - done);
    await client.query(
      `insert into listings (code, name, description, status, type, offer, price, floor_size, bedrooms, lat, lng,
         region_code, region_name, city_code, city_name, barangay_code, barangay_name, owner_id, verified, created_at)
       select 'BEN-' || lpad(($2::int + g)::text, 7, '0'),
              (array['Condo unit','House and lot','Townhouse','Office space','Bahay na bato','Lote'])[1 + g % 6] || ' sa ' || p.name || ', ' || p.city_name
                || case when g % 7 = 0 then ' — malapit sa paaralan, palengke at simbahan, tanaw ang Laguna de Bay' else '' end,
              'Well kept property in ' || p.name || '.',
              (array['active','active','active','sold','rented','archived'])[1 + g % 6],
              (array['residential','residential','commercial','land','industrial','agricultural'])[1 + g % 6],
              case when g % 3 = 0 then 'rent' else 'sale' end,
              round((case when g % 3 = 0 then 15000 + random() * 200000 else 1500000 + random() * 40000000 end)::numeric, -2),
              round((30 + random() * 300)::numeric, 0), 1 + g % 5,
              14.5 + random() * 0.2, 121 + random() * 0.2,
              p.region_code, p.region_name, p.city_code, p.city_name, p.code, p.name,
              (select id from users where email = 'bench-owner-' || (1 + g % 200) || '@example.ph'),
              g % 4 = 0,
              now() - interval '730 days' * (1 - ($2::int + g)::float8 / $3::float8)
       from generate_series(1, $1::int) g
       join bench_places p on p.i = g % ${placeCount}`,
      [n, done, rows],
    );
    log(`${done + n} / ${rows} listings`);
  }
  await client.query('vacuum analyze listings');
  await client.query('vacuum analyze users');

  // 4. the exports, one at a time
  const results = [];
  for (const format of formats) {
    const before = rssMb(worker.pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(worker.pid));
    }, 100);
    const t0 = Date.now();
    const asked = await http(`/listing/export/${format}`, { method: 'POST', token, body: {} });
    if (asked.status !== 202) throw new Error(`export answered ${asked.status}: ${asked.text.slice(0, 300)}`);
    let job;
    for (;;) {
      job = (await http(`/export/${asked.body.id}`, { token })).body;
      if (job.status === 'ready' || job.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const wall = (Date.now() - t0) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(worker.pid));
    if (job.status !== 'ready') throw new Error(`the ${format} export failed: ${job.error}`);
    const { rows: [row] } = await client.query('select started_at, finished_at from export_jobs where id = $1', [job.id]);
    const jobSeconds = (row.finished_at - row.started_at) / 1000;
    const file = await fetch(`http://127.0.0.1:${args.port}${job.downloadUrl}`);
    const bytes = Buffer.from(await file.arrayBuffer());
    if (bytes.length !== job.fileSize) throw new Error(`downloaded ${bytes.length} bytes, expected ${job.fileSize}`);
    if (format === 'csv') {
      const lines = bytes.toString('utf8').split('\r\n').filter(Boolean).length;
      if (lines !== rows + 1) throw new Error(`the CSV has ${lines} lines, expected ${rows + 1}`);
    }
    const result = {
      format,
      rows: job.rowsWritten,
      jobSeconds: Number(jobSeconds.toFixed(2)),
      requestToReadySeconds: Number(wall.toFixed(2)),
      rowsPerSecond: Math.round(job.rowsWritten / jobSeconds),
      fileMb: Number((job.fileSize / 1024 / 1024).toFixed(1)),
      workerRssBeforeMb: Math.round(before),
      workerRssPeakMb: Math.round(peak),
      workerRssGrowthMb: Math.round(peak - before),
    };
    results.push(result);
    log(`${format}: ${JSON.stringify(result)}`);
  }
  await client.end();
  console.table(results);
} finally {
  await stop();
}
