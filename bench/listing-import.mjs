#!/usr/bin/env node
// Listing import from JSON, end to end (issue 14: 50,000 rows in under 60 s): starts the built API
// (apps/api/dist/main.js, role all: HTTP and the imports worker in one process) on a scratch
// database, signs an admin in, uploads a generated file to POST /listing/import/json and polls
// GET /listing/import/{id} until the import is done; reports the upload's answer time, the job's
// time (its startedAt → finishedAt), the total and rows per second, then imports the same file again
// (every row unchanged, nothing written) and reports that too. The database is dropped at the end.
//
//   npm run build:api
//   node bench/listing-import.mjs [--rows 50000] [--database postgres://postgres@127.0.0.1:5432/tahanan_bench_import]
//     [--redis redis://127.0.0.1:6379] [--port 3470] [--keep] [--profile <folder for a CPU profile of the API>]
//
// The rows are realistic and valid: kinds with their types, prices and sizes by kind, offer and
// furnishing tags, amenities, a short HTML description, and real PSGC barangays (the bundled
// reference places, every barangay with a city, drawn at random) with coordinates near Manila.
// Codes are BEN-000001...; owners are the importing admin. A run on 2,000 rows answers 200 (the
// report in the answer); larger files answer 202 and are polled.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { elapsedLog, scratchDatabase } from './scratch-database.mjs';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '50000' },
    database: {
      type: 'string',
      default: 'postgres://postgres@127.0.0.1:5432/tahanan_bench_import',
    },
    redis: {
      type: 'string',
      default: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    },
    port: { type: 'string', default: '3470' },
    keep: { type: 'boolean', default: false },
    // a folder for a CPU profile of the API process (node --cpu-prof; read it with bench/cpuprofile-top.mjs)
    profile: { type: 'string' },
  },
});
const rows = Number(args.rows);
const log = elapsedLog();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const db = scratchDatabase(args.database);
const dir = mkdtempSync(path.join(os.tmpdir(), 'tahanan-bench-import-'));
const base = `http://127.0.0.1:${args.port}/api`;

await db.recreate();
log(`database ${db.name} created`);

// 1. the API, on the scratch database (it migrates and loads the PSGC reference places at start)
const jwtSecret = randomBytes(32).toString('hex');
const profileArgs = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : [];
const server = spawn(process.execPath, [...profileArgs, path.join(root, 'apps/api/dist/main.js')], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    ROLE: 'all',
    PORT: args.port,
    HOST: '127.0.0.1',
    DATABASE_URL: db.url,
    REDIS_URL: args.redis,
    REDIS_PREFIX: `bench_import_${randomBytes(3).toString('hex')}`,
    JWT_SECRET: jwtSecret,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    STORAGE_DIR: path.join(dir, 'uploads'),
    MAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
    PAYMENTS_SANDBOX: 'true',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = async () => {
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
  if (!args.keep) await db.drop();
  rmSync(dir, { recursive: true, force: true });
};
try {
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`The API exited with ${server.exitCode}`);
    const ok = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 600) throw new Error('The API did not answer /api/health within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  log('API up');

  // 2. an admin (written straight to the database) and their token
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const email = 'bench-import-admin@tahanan.local';
  const password = 'bench-import-9';
  const argon2 = (await import('argon2')).default;
  await client.query(`insert into users (email, first_name, last_name, role, password_hash) values ($1, 'Bench', 'Admin', 'admin', $2)`, [
    email,
    await argon2.hash(password, { type: argon2.argon2id }),
  ]);
  const login = await fetch(`${base}/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const { token } = await login.json();
  const barangays = (
    await client.query(
      `select code from places where level = 'barangay' and city_code is not null and region_code is not null order by random() limit 2000`,
    )
  ).rows.map((r) => r.code);
  if (barangays.length === 0) throw new Error('No barangays in places');

  // 3. the file, written as a stream
  const KINDS = [
    ['residential', 'condominium', 3e6, 25e6],
    ['residential', 'house_and_lot', 4e6, 60e6],
    ['residential', 'townhouse', 3e6, 15e6],
    ['residential', 'apartment', 1.5e6, 8e6],
    ['land', 'lot', 5e5, 30e6],
    ['commercial', 'office', 5e6, 80e6],
    ['commercial', 'commercial_space', 2e6, 40e6],
    ['industrial', 'warehouse', 8e6, 120e6],
    ['agricultural', 'farm', 1e6, 25e6],
  ];
  const AMENITIES = ['swimming pool', 'gym', 'parking', '24/7 security', 'garden', 'playground', 'function room', 'elevator'];
  let seed = 42;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = (a) => a[Math.floor(rnd() * a.length)];
  const file = path.join(dir, 'listings.json');
  const out = createWriteStream(file);
  const write = (s) => (out.write(s) ? undefined : once(out, 'drain'));
  await write('[\n');
  for (let i = 1; i <= rows; i++) {
    const [type, kind, lo, hi] = pick(KINDS);
    const rent = type === 'residential' && rnd() < 0.3;
    const price = Math.round(rent ? 8000 + rnd() * 120_000 : lo + rnd() * (hi - lo));
    const home = type === 'residential';
    const row = {
      code: `BEN-${String(i).padStart(6, '0')}`,
      name: `${kind.replace(/_/g, ' ')} ${rent ? 'for rent' : 'for sale'} no. ${i}`,
      type,
      kind,
      offer: rent ? 'rent' : 'sale',
      price,
      floorSize: kind === 'lot' || kind === 'farm' ? null : Math.round(30 + rnd() * 300),
      lotSize: kind === 'condominium' || kind === 'office' ? null : Math.round(60 + rnd() * 2000),
      bedrooms: home ? 1 + Math.floor(rnd() * 5) : null,
      bathrooms: home ? 1 + Math.floor(rnd() * 4) : null,
      parkingSlots: Math.floor(rnd() * 3),
      furnishing: home ? pick(['furnished', 'semi_furnished', 'unfurnished']) : null,
      tags: [rent ? 'for rent' : 'for sale'],
      amenities: [pick(AMENITIES), pick(AMENITIES)],
      descriptionHtml: `<p>A well-kept ${kind.replace(/_/g, ' ')} with <strong>good access</strong> to schools, malls and transport. Listing ${i}.</p>`,
      location: { lat: 14.4 + rnd() * 0.4, lng: 120.9 + rnd() * 0.3 },
      address: {
        street: `${1 + Math.floor(rnd() * 999)} Rizal Street`,
        barangayCode: pick(barangays),
      },
      status: 'active',
    };
    await write(`${JSON.stringify(row)}${i < rows ? ',' : ''}\n`);
  }
  await write(']\n');
  out.end();
  await once(out, 'finish');
  const size = statSync(file).size;
  log(`${rows} rows written to ${file} (${(size / 1024 / 1024).toFixed(1)} MB)`);

  // 4. import it, twice
  const blob = new Blob([await (await import('node:fs/promises')).readFile(file)], { type: 'application/json' });
  const importOnce = async (label) => {
    const t0 = Date.now();
    const form = new FormData();
    form.append('file', blob, 'listings.json');
    const res = await fetch(`${base}/listing/import/json`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    const answer = await res.json();
    const answered = (Date.now() - t0) / 1000;
    if (res.status !== 200 && res.status !== 202) throw new Error(`import answered ${res.status}: ${JSON.stringify(answer)}`);
    let report = answer.import;
    while (report.status !== 'done' && report.status !== 'failed') {
      await new Promise((r) => setTimeout(r, 250));
      report = await (
        await fetch(`${base}/listing/import/${report.id}`, {
          headers: { Authorization: `Bearer ${token}` },
        })
      ).json();
    }
    const total = (Date.now() - t0) / 1000;
    const [{ started_at: startedAt, finished_at: finishedAt }] = (
      await client.query('select started_at, finished_at from listing_imports where id = $1', [report.id])
    ).rows;
    const job = (finishedAt - startedAt) / 1000;
    log(
      `${label}: answered ${res.status} in ${answered.toFixed(1)} s; ${report.status} after ${total.toFixed(1)} s ` +
        `(job ${job.toFixed(1)} s), ${Math.round(rows / total)} rows/s, ${((1000 * total) / rows).toFixed(2)} ms/row; ` +
        `created ${report.created}, updated ${report.updated}, unchanged ${report.unchanged}, rejected ${report.rejected}` +
        (report.error ? `; error: ${report.error}` : '') +
        (report.rejections?.length ? `; first rejection: ${JSON.stringify(report.rejections[0])}` : ''),
    );
    return { total, report };
  };
  const first = await importOnce('import');
  await importOnce('re-import');
  await client.end();
  console.log(
    JSON.stringify({
      rows,
      seconds: Number(first.total.toFixed(1)),
      rowsPerSecond: Math.round(rows / first.total),
      targetSeconds: 60,
      met: first.total < 60,
    }),
  );
} finally {
  await stop();
}
